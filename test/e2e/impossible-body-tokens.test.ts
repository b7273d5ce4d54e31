import { beforeAll, describe, expect, it } from 'vitest';
import { chargeFields } from '../helpers/fixtures.ts';
import { newCustomer, newPlan } from '../helpers/plans.ts';
import { type Api, type ApiResponse, api, newMerchant } from '../helpers/stack.ts';

let client: Api;
let customer: string;
let plan: string;

beforeAll(async () => {
  const merchant = await newMerchant();
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
  customer = (await newCustomer(client)).token;
  plan = (await newPlan(client)).token;
});

/** A token of a normal length that names nothing, and one longer than any token can be. */
const unknown = 'x_aaaaaaaaaaaaaaaaaaaaaa';
const impossible = `x_${'a'.repeat(70)}`;

const answerOf = (res: ApiResponse) => ({ status: res.status, body: res.body });

describe('a body token longer than any token answers exactly as an unknown one', () => {
  const cases: [string, 'post' | 'put', () => string, (token: string) => Record<string, unknown>][] = [
    [
      'POST /subscriptions plan_token',
      'post',
      () => '/1/subscriptions',
      (t) => ({ plan_token: t, customer_token: customer }),
    ],
    [
      'POST /subscriptions customer_token',
      'post',
      () => '/1/subscriptions',
      (t) => ({ plan_token: plan, customer_token: t }),
    ],
    [
      'POST /subscriptions card_token',
      'post',
      () => '/1/subscriptions',
      (t) => ({ plan_token: plan, customer_token: customer, card_token: t }),
    ],
    [
      'POST /plans/{token}/subscriptions customer_token',
      'post',
      () => `/1/plans/${plan}/subscriptions`,
      (t) => ({ customer_token: t }),
    ],
    [
      'POST /charges card_token',
      'post',
      () => '/1/charges',
      (t) => chargeFields({ card: undefined, card_token: t }),
    ],
    [
      'POST /charges customer_token',
      'post',
      () => '/1/charges',
      (t) => chargeFields({ card: undefined, customer_token: t }),
    ],
    [
      'POST /authorisations card_token',
      'post',
      () => '/1/authorisations',
      (t) => chargeFields({ card: undefined, card_token: t }),
    ],
    [
      'POST /customers card_token',
      'post',
      () => '/1/customers',
      (t) => ({ email: 'a@example.com', card_token: t }),
    ],
    [
      'PUT /customers/{token} primary_card_token',
      'put',
      () => `/1/customers/${customer}`,
      (t) => ({ primary_card_token: t }),
    ],
    [
      'POST /customers/{token}/cards card_token',
      'post',
      () => `/1/customers/${customer}/cards`,
      (t) => ({ card_token: t }),
    ],
    [
      'POST /recipients bank_account_token',
      'post',
      () => '/1/recipients',
      (t) => ({ email: 'a@example.com', bank_account_token: t }),
    ],
    [
      'POST /transfers recipient',
      'post',
      () => '/1/transfers',
      (t) => ({ amount: 100, currency: 'AUD', description: 'Payout', recipient: t }),
    ],
  ];

  it.each(cases)('%s', async (_name, method, path, body) => {
    const asUnknown = answerOf(await client[method](path(), body(unknown)));
    expect(asUnknown.status).toBeGreaterThanOrEqual(400);
    expect(answerOf(await client[method](path(), body(impossible)))).toEqual(asUnknown);
  });

  it('PUT /subscriptions/{token} card_token', async () => {
    const created = await client.post('/1/subscriptions', { plan_token: plan, customer_token: customer });
    expect(created.status).toBe(201);
    const path = `/1/subscriptions/${created.body.response.token}`;
    const asUnknown = answerOf(await client.put(path, { card_token: unknown }));
    expect(asUnknown.status).toBeGreaterThanOrEqual(400);
    expect(answerOf(await client.put(path, { card_token: impossible }))).toEqual(asUnknown);
  });
});
