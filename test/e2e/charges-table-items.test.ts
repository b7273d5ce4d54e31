import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ItemKey, keys } from '../../packages/store/src/kernel/keys.ts';
import { chargeFields } from '../helpers/fixtures.ts';
import { api, type Merchant, newMerchant, stackTable, useStack } from '../helpers/stack.ts';

let merchant: Merchant;

beforeAll(async () => {
  merchant = await newMerchant();
});

/** The item under `key` in the shared stack's table. */
const item = async (key: ItemKey) => {
  const stack = useStack();
  const doc = stackTable(stack);
  try {
    return (await doc.send(new GetCommand({ TableName: stack.tableName, Key: { ...key } }))).Item;
  } finally {
    doc.destroy();
  }
};

// Read from the table's items: the DynamoDB engine's (the memory engine's records are held to the
// same behaviour by the store's contract suite).
describe("charges' items in the table (the DynamoDB engine)", () => {
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
    const stored = await item({ pk: `SESSION#${session}`, sk: 'SESSION' });
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
      const key = keys.payment({ accountId: merchant.accountId, environment }, res.body.response.token);
      expect((await item(key))?.payment.threeDSecurePassThrough, environment).toEqual({
        version: '2.2.0',
        eci: '05',
        cavv: authentication.cavv,
        transactionId: authentication.transaction_id,
      });
    }
  });
});
