import type { Scope } from '@wattle/domain';
import {
  checkApplePayHost,
  createApplePaySession,
  deleteApplePayDomain,
  listApplePayDomains,
  registerApplePayDomain,
} from '@wattle/flows';
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds, sequentialSecrets } from '../../fakes/system.ts';
import { memoryStore } from '../../helpers/memory-store.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };
const other: Scope = { accountId: 'acct_2', environment: 'test' };
const validationUrl = 'https://apple-pay-gateway.apple.com/paymentservices/startSession';

const setUp = () => ({
  applePayDomains: memoryStore().applePayDomains,
  clock: fixedClock('2026-11-24T10:00:00Z'),
  ids: sequentialIds(),
  secrets: sequentialSecrets(),
});

describe('Apple Pay domain flows', () => {
  it('registers a domain at once, and finds it by its name', async () => {
    const deps = setUp();
    const domain = await registerApplePayDomain(deps, scope, 'shop.example.com');
    expect(domain).toEqual({
      token: expect.stringMatching(/^apmd_/),
      domainName: 'shop.example.com',
      registered: true,
      createdAt: '2026-11-24T10:00:00Z',
    });
    expect(await checkApplePayHost(deps, scope, 'shop.example.com')).toEqual(domain);
    expect(await checkApplePayHost(deps, other, 'shop.example.com')).toBeNull();
  });

  it('refuses a name the merchant has registered, with a 422 on domain_name', async () => {
    const deps = setUp();
    await registerApplePayDomain(deps, scope, 'shop.example.com');
    await expect(registerApplePayDomain(deps, scope, 'shop.example.com')).rejects.toMatchObject({
      status: 422,
      code: 'invalid_resource',
      messages: [
        expect.objectContaining({ param: 'domain_name', message: 'Domain name has already been registered' }),
      ],
    });
    // Another merchant may register the same name.
    await registerApplePayDomain(deps, other, 'shop.example.com');
  });

  it("deletes a domain once; another merchant's or a deleted one is not_found", async () => {
    const deps = setUp();
    const domain = await registerApplePayDomain(deps, scope, 'shop.example.com');
    await expect(deleteApplePayDomain(deps, other, domain.token)).rejects.toMatchObject({
      code: 'not_found',
    });
    await deleteApplePayDomain(deps, scope, domain.token);
    await expect(deleteApplePayDomain(deps, scope, domain.token)).rejects.toMatchObject({
      code: 'not_found',
    });
    expect((await listApplePayDomains(deps, scope, 1)).total).toBe(0);
  });
});

describe('Apple Pay sessions (simulated)', () => {
  it("makes a merchant session in Apple's shape for a registered domain, expiring in five minutes", async () => {
    const deps = setUp();
    await registerApplePayDomain(deps, scope, 'shop.example.com');
    const session = await createApplePaySession(deps, scope, {
      validationUrl,
      initiative: 'web',
      initiativeContext: 'shop.example.com',
    });
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(session).toMatchObject({
      epochTimestamp: now,
      expiresAt: now + 300_000,
      domainName: 'shop.example.com',
    });
    expect(session.merchantSessionIdentifier).toMatch(/^SSH/);
  });

  it('refuses a web session for a domain the merchant has not registered', async () => {
    const deps = setUp();
    await registerApplePayDomain(deps, other, 'shop.example.com');
    await expect(
      createApplePaySession(deps, scope, {
        validationUrl,
        initiative: 'web',
        initiativeContext: 'shop.example.com',
      }),
    ).rejects.toMatchObject({
      status: 422,
      messages: [expect.objectContaining({ param: 'initiative_context' })],
    });
  });
});
