import { beforeAll, describe, expect, it } from 'vitest';
import { chargeFields } from '../helpers/fixtures.ts';
import { api, type Merchant, newMerchant, useStack } from '../helpers/stack.ts';
import { storedPayment, storedSession } from '../helpers/stored.ts';

let merchant: Merchant;

beforeAll(async () => {
  merchant = await newMerchant();
});

// What the stack keeps of a charge, read from DynamoDB Local's table or the memory engine's records.
describe('what the stack keeps of charges', () => {
  it("keeps a 3-D Secure session's item as long as the events (30 days by default), not forever", async () => {
    const live = api(merchant.live.baseUrl, merchant.live.secretKey);
    const pending = await live.post(
      '/1/charges',
      chargeFields({ three_d_secure: { enabled: true, callback_url: 'https://shop.example/back' } }),
    );
    const answer = await fetch(pending.body.response.redirect_url, {
      method: 'POST',
      body: new URLSearchParams({ result: 'authenticated' }),
      redirect: 'manual',
    });
    const session = new URL(answer.headers.get('location')!).searchParams.get('session_token')!;
    const verified = await live.get(`/1/charges/verify?session_token=${session}`);
    expect(verified.body.response).toMatchObject({ success: true });
    const stored = await storedSession(useStack(), session);
    const created = Date.parse(verified.body.response.created_at) / 1000;
    expect((Number(stored?.expiresAt) - created) / 86_400).toBeCloseTo(30, 1);
  });

  it("records a merchant's own 3-D Secure authentication on the payment, in test and in live", async () => {
    const authentication = {
      version: '2.2.0',
      eci: '05',
      cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
      transaction_id: 'f25084f0-5b16-4c0a-ae5d-b24808571d7e',
    };
    for (const environment of ['test', 'live'] as const) {
      const client = api(merchant[environment].baseUrl, merchant[environment].secretKey);
      const res = await client.post('/1/charges', chargeFields({ three_d_secure: authentication }));
      expect(res.status, environment).toBe(201);
      const scope = { accountId: merchant.accountId, environment };
      const stored = await storedPayment(useStack(), scope, res.body.response.token);
      expect(stored?.payment.threeDSecurePassThrough, environment).toEqual({
        version: '2.2.0',
        eci: '05',
        cavv: authentication.cavv,
        transactionId: authentication.transaction_id,
      });
    }
  });
});
