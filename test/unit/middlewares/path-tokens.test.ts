import { PinError } from '@wattle/domain';
import { apiRoutes, type Route, routes } from '@wattle/routes';
import { describe, expect, it } from 'vitest';
import { checkPathTokens, pathTokenPrefixes } from '../../../packages/http/src/path-tokens.ts';

const route = (path: string, method = 'GET'): Route =>
  routes.find((r) => r.path === path && r.method === method) as Route;

const codeOf = (thunk: () => void): string | null => {
  try {
    thunk();
    return null;
  } catch (error) {
    return error instanceof PinError ? error.code : 'not a PinError';
  }
};

describe('path tokens', () => {
  it("knows the prefix of every path parameter of Pin's API in the route table", () => {
    // The processors' notifications name an account, no token: their function checks it.
    const names = apiRoutes.flatMap((r) => [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string));
    expect(names.filter((name) => pathTokenPrefixes[name] === undefined)).toEqual([]);
  });

  it('lets a token of the right shape through', () => {
    const charge = route('/1/charges/{charge_token}');
    expect(codeOf(() => checkPathTokens(charge, { charge_token: 'ch_abcdefghijklmnopqrstuv' }))).toBeNull();
  });

  it("answers a token that cannot exist with the route's 404 for an unknown token", () => {
    const charge = route('/1/charges/{charge_token}');
    for (const token of [
      'x'.repeat(3000),
      'ch_short',
      'cus_abcdefghijklmnopqrstuv',
      'ch_abcdefghijklmnopqrst/v',
      '',
    ]) {
      expect(
        codeOf(() => checkPathTokens(charge, { charge_token: token })),
        token,
      ).toBe('not_found');
    }
    const event = route('/1/events/{event_token}');
    expect(codeOf(() => checkPathTokens(event, { event_token: `evt_${'a'.repeat(3000)}` }))).toBe(
      'resource_not_found',
    );
  });
});
