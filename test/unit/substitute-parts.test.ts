import type { AccountsStore } from '@wattle/ports';
import { functionDeps, substituteParts } from '@wattle/runtime';
import { accounts, idempotency } from '@wattle/runtime/parts';
import { afterAll, describe, expect, it } from 'vitest';

describe('a composition over substituted parts (the local stack’s memory engine)', () => {
  process.env.WATTLE_TABLE_NAME ||= 'wattle-unit';
  afterAll(() => substituteParts({}));

  it('takes the substitutes by their names, keeps the registry’s for the others, and is built again on each substitution', () => {
    substituteParts({});
    const deps = functionDeps({ accounts, idempotency });
    const registry = deps();
    expect(deps()).toBe(registry);

    const first = { first: true } as unknown as AccountsStore;
    substituteParts({ accounts: () => first });
    const substituted = deps();
    expect(substituted).not.toBe(registry);
    expect(substituted.accounts).toBe(first);
    expect(substituted.idempotency.constructor).toBe(registry.idempotency.constructor);
    expect(deps()).toBe(substituted);

    const second = { second: true } as unknown as AccountsStore;
    substituteParts({ accounts: () => second });
    expect(deps().accounts).toBe(second);
  });
});
