import { beforeAll, describe, expect, it } from 'vitest';
import { cardFields } from '../helpers/fixtures.ts';
import { newCustomer, newPlan, subscribe } from '../helpers/plans.ts';
import { type Api, api, newMerchant } from '../helpers/stack.ts';

/**
 * Many requests updating one resource at once: each loses to the others now and then (Changed),
 * backs off and tries again within its budget, so all of them succeed, one after another.
 */
let client: Api;

beforeAll(async () => {
  const merchant = await newMerchant();
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
});

const parallel = 16;

/** A customer with a second card: the two cards to swap between. */
const customerWithTwoCards = async () => {
  const customer = await newCustomer(client);
  const added = await client.post(`/1/customers/${customer.token}/cards`, cardFields());
  expect(added.status).toBe(201);
  return { customer, cards: [customer.card.token, added.body.response.token] as string[] };
};

describe('concurrent updates of one resource', () => {
  it('swaps the primary card of one customer from 16 requests at once: all 200, one primary', async () => {
    const { customer, cards } = await customerWithTwoCards();
    const answers = await Promise.all(
      Array.from({ length: parallel }, (_, i) =>
        client.put(`/1/customers/${customer.token}`, { primary_card_token: cards[i % 2] }),
      ),
    );
    expect(answers.map((res) => [res.status, res.body.error])).toEqual(answers.map(() => [200, undefined]));

    const listed = await client.get(`/1/customers/${customer.token}/cards`);
    const primaries = (listed.body.response as { token: string; primary: boolean }[]).filter(
      (c) => c.primary,
    );
    expect(primaries).toHaveLength(1);
    expect(cards).toContain(primaries[0]!.token);
    expect(listed.body.response).toHaveLength(2);
    const read = await client.get(`/1/customers/${customer.token}`);
    expect(read.body.response.card.token).toBe(primaries[0]!.token);
  });

  it('changes the card of one subscription from 16 requests at once: all 200', async () => {
    const plan = await newPlan(client);
    const { customer, cards } = await customerWithTwoCards();
    const subscription = await subscribe(client, plan.token, customer.token);
    const answers = await Promise.all(
      Array.from({ length: parallel }, (_, i) =>
        client.put(`/1/subscriptions/${subscription.token}`, { card_token: cards[i % 2] }),
      ),
    );
    expect(answers.map((res) => [res.status, res.body.error])).toEqual(answers.map(() => [200, undefined]));

    const read = await client.get(`/1/subscriptions/${subscription.token}`);
    expect(cards).toContain(read.body.response.card_token);
    expect(answers.map((res) => res.body.response.card_token)).toContain(read.body.response.card_token);
  });
});
