import { beforeAll, describe, expect, it } from 'vitest';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { type Api, api, newMerchant } from '../helpers/stack.ts';

/** A merchant of its own, so its balance holds only what a test charged. */
const merchant = async (): Promise<Api> => {
  const own = await newMerchant();
  return api(own.test.baseUrl, own.test.secretKey);
};

const balanceOf = async (client: Api) => (await client.get('/1/balance')).body.response;

let client: Api;

beforeAll(async () => {
  client = await merchant();
});

describe('platform_adjustment on charges', () => {
  it('is shown on the charge and taken off the merchant entitlement and the pending balance', async () => {
    const own = await merchant();
    // 400 AUD on a domestic Visa: 37 in fees, 100 withheld by the platform, 263 to the merchant.
    const res = await own.post(
      '/1/charges',
      chargeFields({ platform_adjustment: { amount: '100', currency: 'aud' } }),
      { form: true },
    );
    expect(res.status).toBe(201);
    expect(res.body.response).toMatchObject({
      amount: 400,
      total_fees: 37,
      merchant_entitlement: 263,
      platform_adjustment: { amount: 100, currency: 'AUD' },
    });
    expect(await balanceOf(own)).toEqual({
      available: [{ amount: 0, currency: 'AUD' }],
      pending: [{ amount: 263, currency: 'AUD' }],
    });
    const read = await own.get(`/1/charges/${res.body.response.token}`);
    expect(read.body.response.platform_adjustment).toEqual({ amount: 100, currency: 'AUD' });
    // A charge without one shows a zero adjustment in its currency, as Pin's recorded charges do.
    const plain = await own.post('/1/charges', chargeFields());
    expect(plain.body.response.platform_adjustment).toEqual({ amount: 0, currency: 'AUD' });
    expect(plain.body.response.merchant_entitlement).toBe(363);
  });

  it('takes JSON numbers, as client libraries send it', async () => {
    const res = await client.post(
      '/1/charges',
      chargeFields({ amount: 1000, platform_adjustment: { amount: 150, currency: 'AUD' } }),
    );
    expect(res.status).toBe(201);
    expect(res.body.response).toMatchObject({
      merchant_entitlement: 1000 - 48 - 150,
      platform_adjustment: { amount: 150, currency: 'AUD' },
    });
  });

  it('answers each problem on its parameter', async () => {
    const problems = async (platform_adjustment: unknown, overrides: Record<string, unknown> = {}) => {
      const res = await client.post('/1/charges', chargeFields({ platform_adjustment, ...overrides }));
      expect(res.status).toBe(422);
      return res.body.messages;
    };
    expect(await problems({ amount: 100, currency: 'USD' })).toEqual([
      {
        param: 'platform_adjustment[currency]',
        code: 'platform_adjustment_currency_invalid',
        message: "Platform adjustment currency must be the charge's currency (AUD)",
      },
    ]);
    expect(await problems({ amount: 401, currency: 'AUD' })).toEqual([
      {
        param: 'platform_adjustment[amount]',
        code: 'platform_adjustment_amount_invalid',
        message: 'Platform adjustment amount must be no more than the charge amount of 400',
      },
    ]);
    // Within the amount, but more than the fees leave: known once the card is read.
    expect(await problems({ amount: 364, currency: 'AUD' })).toEqual([
      {
        param: 'platform_adjustment[amount]',
        code: 'platform_adjustment_amount_invalid',
        message: 'Platform adjustment amount must be no more than the charge amount less its fees (363)',
      },
    ]);
    expect(await problems({ amount: -1, currency: 'AUD' })).toEqual([
      expect.objectContaining({ message: 'Platform adjustment amount must be at least 0' }),
    ]);
    expect(await problems({ amount: 'ten', currency: 'AUD' })).toEqual([
      expect.objectContaining({ message: 'Platform adjustment amount is not a number' }),
    ]);
    expect(await problems({ amount: 10 })).toEqual([
      expect.objectContaining({
        param: 'platform_adjustment[currency]',
        message: "Platform adjustment currency can't be blank",
      }),
    ]);
    expect(await problems('100')).toEqual([
      {
        param: 'platform_adjustment',
        code: 'platform_adjustment_invalid',
        message: 'Platform adjustment is invalid',
      },
    ]);
    // In the charge's currency, whatever its case.
    const usd = await client.post(
      '/1/charges',
      chargeFields({ currency: 'usd', platform_adjustment: { amount: 10, currency: 'Usd' } }),
    );
    expect(usd.status).toBe(201);
    expect(usd.body.response.platform_adjustment).toEqual({ amount: 10, currency: 'USD' });
  });

  it('stays on an authorised charge through its capture, and on an authorisation through a partial capture', async () => {
    const held = await client.post(
      '/1/charges',
      chargeFields({ capture: false, platform_adjustment: { amount: 100, currency: 'AUD' } }),
    );
    expect(held.status).toBe(201);
    const captured = await client.put(`/1/charges/${held.body.response.token}/capture`);
    expect(captured.body.response).toMatchObject({
      captured: true,
      merchant_entitlement: 263,
      platform_adjustment: { amount: 100, currency: 'AUD' },
    });

    const auth = await client.post(
      '/1/authorisations',
      chargeFields({ amount: 1000, platform_adjustment: { amount: 300, currency: 'AUD' } }),
    );
    expect(auth.status).toBe(201);
    expect(auth.body.response.platform_adjustment).toEqual({ amount: 300, currency: 'AUD' });
    const short = await client.post(`/1/authorisations/${auth.body.response.token}/charges`, { amount: 320 });
    expect(short.status).toBe(422);
    expect(short.body.messages).toEqual([
      {
        param: 'amount',
        code: 'amount_invalid',
        message: 'Amount less its fees (284) must cover the platform adjustment of 300',
      },
    ]);
    const charge = await client.post(`/1/authorisations/${auth.body.response.token}/charges`, {
      amount: 400,
    });
    expect(charge.body.response).toMatchObject({
      amount: 400,
      total_fees: 37,
      merchant_entitlement: 63,
      platform_adjustment: { amount: 300, currency: 'AUD' },
    });
  });

  it('keeps the balance and a transfer of the proceeds consistent, and a refund does not give it back', async () => {
    const own = await merchant();
    // The instant-proceeds card: available at once, so a transfer can pay it out.
    const card = cardFields({ number: '4000000000000077' });
    const charged = await own.post(
      '/1/charges',
      chargeFields({ amount: 1000, card, platform_adjustment: { amount: 200, currency: 'AUD' } }),
    );
    expect(charged.body.response.merchant_entitlement).toBe(752);
    expect((await balanceOf(own)).available).toEqual([{ amount: 752, currency: 'AUD' }]);

    const refund = await own.post(`/1/charges/${charged.body.response.token}/refunds`, { amount: 100 });
    expect(refund.status).toBe(201);
    // The refund comes off the merchant's balance; the platform keeps its adjustment, as fees stay.
    expect((await balanceOf(own)).available).toEqual([{ amount: 652, currency: 'AUD' }]);

    const recipient = await own.post('/1/recipients', {
      email: 'payee@example.com',
      bank_account: { name: 'Payee', bsb: '063000', number: '987654321' },
    });
    const transfer = await own.post('/1/transfers', {
      description: 'Payout',
      amount: 622,
      currency: 'AUD',
      recipient: recipient.body.response.token,
    });
    expect(transfer.status).toBe(201);
    expect((await balanceOf(own)).available).toEqual([{ amount: 0, currency: 'AUD' }]);
    const items = (await own.get(`/1/transfers/${transfer.body.response.token}/line_items`)).body.response;
    expect(items[0]).toMatchObject({
      type: 'charge',
      token: charged.body.response.token,
      record: { amount: 1000, total_fees: 48, platform_adjustment: 200, merchant_entitlement: 752 },
    });
  });
});
