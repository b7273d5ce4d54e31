import { beforeAll, describe, expect, it } from 'vitest';
import { cardFields, chargeFields, notATestCardNumber } from '../helpers/fixtures.ts';
import { newCustomer, newPlan } from '../helpers/plans.ts';
import { type Api, api, newMerchant } from '../helpers/stack.ts';

// The texts Pin's client libraries compare, where Pin's reference is silent (docs/api/behaviour.md).
let client: Api;
let live: Api;
let baseUrl: string;

beforeAll(async () => {
  const merchant = await newMerchant();
  baseUrl = merchant.test.baseUrl;
  client = api(baseUrl, merchant.test.secretKey);
  live = api(merchant.live.baseUrl, merchant.live.secretKey);
});

describe('texts clients check', () => {
  it('401 and 422 descriptions have no final full stop', async () => {
    expect((await api(baseUrl, null).get('/1/charges')).body.error_description).toBe(
      'Not authorised. (Check API Key)',
    );
    const invalid = await client.post('/1/customers', {});
    expect(invalid.status).toBe(422);
    expect(invalid.body.error_description).toBe('One or more parameters were missing or invalid');
  });

  it("a Luhn-invalid card number is no Pin test card in test, with the parameter's name, on every card endpoint", async () => {
    const card = await client.post('/1/cards', cardFields({ number: '5520000000000099' }));
    expect(card.body.messages).toEqual([
      { param: 'number', code: 'number_invalid', message: notATestCardNumber('Number') },
    ]);
    const charge = await client.post(
      '/1/charges',
      chargeFields({ card: cardFields({ number: '5520000000000099' }) }),
    );
    expect(charge.body.messages).toEqual([
      { param: 'card[number]', code: 'card_number_invalid', message: notATestCardNumber('Card number') },
    ]);
  });

  it('a Luhn-invalid card number is "Card number is not valid" in live, on every card endpoint', async () => {
    const card = await live.post('/1/cards', cardFields({ number: '5520000000000099' }));
    expect(card.body.messages).toEqual([
      { param: 'number', code: 'number_invalid', message: 'Card number is not valid' },
    ]);
    const charge = await live.post(
      '/1/charges',
      chargeFields({ card: cardFields({ number: '5520000000000099' }) }),
    );
    expect(charge.body.messages).toEqual([
      { param: 'card[number]', code: 'card_number_invalid', message: 'Card number is not valid' },
    ]);
  });

  it('a refund with an empty amount lists both rules it breaks', async () => {
    const charge = (await client.post('/1/charges', chargeFields())).body.response;
    const refused = await client.post(`/1/charges/${charge.token}/refunds`, { amount: '' });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      error: 'invalid_resource',
      error_description: 'One or more parameters were missing or invalid',
      messages: [
        { param: 'amount', code: 'amount_invalid', message: "Amount can't be blank" },
        { param: 'amount', code: 'amount_invalid', message: 'Amount is not a number' },
      ],
    });
  });

  it('every subscription 404 reads "The requested resource could not be found.", with its route’s code', async () => {
    const plan = await newPlan(client);
    const customer = await newCustomer(client);
    const text = 'The requested resource could not be found.';
    const unknown = 'sub_unknown00000000000000000';
    const answers = [
      [
        await client.post('/1/subscriptions', {
          plan_token: 'plan_unknown0000000000000000',
          customer_token: customer.token,
        }),
        'resource_not_found',
      ],
      [
        await client.post('/1/subscriptions', {
          plan_token: plan.token,
          customer_token: 'cus_unknown00000000000000000',
        }),
        'resource_not_found',
      ],
      [await client.get(`/1/subscriptions/${unknown}`), 'resource_not_found'],
      [await client.get('/1/subscriptions/sub_not-a-token'), 'resource_not_found'],
      [await client.put(`/1/subscriptions/${unknown}`, { card_token: null }), 'resource_not_found'],
      [await client.del(`/1/subscriptions/${unknown}`), 'not_found'],
      [await client.put(`/1/subscriptions/${unknown}/reactivate`), 'not_found'],
    ] as const;
    for (const [res, code] of answers) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: code, error_description: text });
    }
  });

  it('an unknown event reads as Pin answered it in 2024 (issue 41)', async () => {
    for (const path of ['/1/events/evt_unknown00000000000000000', '/1/events/evt_not-a-token']) {
      const res = await client.get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        error: 'resource_not_found',
        error_description: 'The requested resource could not be found.',
      });
    }
  });
});

/** Issue 41, item 4: error texts as recorded from Pin's API (pinxs's recordings, 2018). */
describe('errors as Pin words them', () => {
  it('a partial capture is invalid_capture_amount in Pin’s words', async () => {
    const charge = (await client.post('/1/charges', chargeFields({ capture: false }))).body.response;
    const res = await client.put(`/1/charges/${charge.token}/capture`, { amount: 200 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'invalid_capture_amount',
      error_description: 'You must capture the full amount that was authorised',
      charge_token: charge.token,
    });
  });

  it('a customer without an e-mail gets both of Pin’s messages', async () => {
    for (const body of [
      { card: cardFields() },
      { email: '', card: cardFields() },
      { email: null, card: cardFields() },
    ]) {
      const res = await client.post('/1/customers', body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: 'invalid_resource',
        error_description: 'One or more parameters were missing or invalid',
        messages: [
          { param: 'email', code: 'email_invalid', message: "Email can't be blank" },
          { param: 'email', code: 'email_invalid', message: 'Email is not formatted properly' },
        ],
      });
    }
  });

  it('an expired card gets both the month’s and the year’s message', async () => {
    const res = await client.post(
      '/1/charges',
      chargeFields({ card: cardFields({ expiry_month: '12', expiry_year: '2001' }) }),
    );
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual([
      {
        param: 'card[expiry_month]',
        code: 'card_expiry_month_invalid',
        message: 'Card expiry month is expired',
      },
      {
        param: 'card[expiry_year]',
        code: 'card_expiry_year_invalid',
        message: 'Card expiry year is expired',
      },
    ]);
  });
});
