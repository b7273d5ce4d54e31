import { declineCards } from '@wattle/processor';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventsAbout } from '../helpers/events.ts';
import { cardFields } from '../helpers/fixtures.ts';
import { chargeAmounts, ledgerOf, newCustomer, newPlan, subscribe } from '../helpers/plans.ts';
import { type Api, api, type Merchant, newMerchant, useStack } from '../helpers/stack.ts';

let merchant: Merchant;
let client: Api;

beforeAll(async () => {
  merchant = await newMerchant();
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
});

const unknownSub = 'sub_unknown00000000000000000';
const timestamp = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

describe('POST /subscriptions', () => {
  it('bills the amount and the setup fee at once, as a charge of the customer and a ledger credit', async () => {
    const plan = await newPlan(client, { name: `Gold ${Date.now()}`, amount: 2500, setup_amount: 1000 });
    const customer = await newCustomer(client);
    const res = await client.post('/1/subscriptions', {
      plan_token: plan.token,
      customer_token: customer.token,
    });
    expect(res.status).toBe(201);
    const subscription = res.body.response;
    expect(subscription).toEqual({
      token: expect.stringMatching(/^sub_[\w-]{22}$/),
      state: 'active',
      next_billing_date: timestamp,
      active_interval_started_at: subscription.created_at,
      active_interval_finishes_at: subscription.next_billing_date,
      cancelled_at: null,
      created_at: timestamp,
      plan_token: plan.token,
      customer_token: customer.token,
      card_token: customer.card.token,
    });
    const [charge] = (await client.get(`/1/customers/${customer.token}/charges`)).body.response;
    expect(charge).toMatchObject({
      amount: 3500,
      success: true,
      captured: true,
      description: `Subscription to ${plan.name}`,
      email: 'subscriber@example.com',
      card: { token: customer.card.token },
    });
    expect((await client.get(`/1/charges/${charge.token}`)).status).toBe(200);
    const ledger = await client.get(`/1/subscriptions/${subscription.token}/ledger`);
    expect(ledger.body).toEqual({
      response: [
        { created_at: timestamp, type: 'credit', amount: 3500, currency: 'AUD', annotation: 'charge_credit' },
      ],
      count: 1,
      pagination: { count: 1, per_page: 25, current: 1 },
    });
    const [event] = await eventsAbout(useStack(), subscription.token);
    expect(event).toMatchObject({ type: 'subscription.created', data: subscription });
  });

  it('leaves the setup fee out with include_setup_fee=false, and charges nothing for a free trial', async () => {
    const plan = await newPlan(client, { setup_amount: 500 });
    const customer = await newCustomer(client);
    await subscribe(client, plan.token, customer.token, { include_setup_fee: false });
    expect(await chargeAmounts(client, customer.token)).toEqual([1000]);

    const trial = await newPlan(client, {
      setup_amount: 500,
      trial_interval: 1,
      trial_interval_unit: 'month',
    });
    const trialist = await newCustomer(client);
    const inTrial = await subscribe(client, trial.token, trialist.token);
    expect(inTrial.state).toBe('trial');
    expect(await chargeAmounts(client, trialist.token)).toEqual([]);
    expect(await ledgerOf(client, inTrial.token)).toEqual([]);
  });

  it('charges the trial amount of a plan with a trial', async () => {
    const plan = await newPlan(client, { trial_interval: 10, trial_interval_unit: 'day', trial_amount: 150 });
    const customer = await newCustomer(client);
    const subscription = await subscribe(client, plan.token, customer.token);
    expect(subscription.state).toBe('trial');
    expect(Date.parse(subscription.next_billing_date) - Date.parse(subscription.created_at)).toBe(
      10 * 86400_000,
    );
    expect(await chargeAmounts(client, customer.token)).toEqual([150]);
  });

  it('bills the card named by card_token, which must be a card of the customer', async () => {
    const plan = await newPlan(client);
    const customer = await newCustomer(client);
    const added = await client.post(
      `/1/customers/${customer.token}/cards`,
      cardFields({ number: '4242424242424242' }),
    );
    const subscription = await subscribe(client, plan.token, customer.token, {
      card_token: added.body.response.token,
    });
    expect(subscription.card_token).toBe(added.body.response.token);
    const [charge] = (await client.get(`/1/customers/${customer.token}/charges`)).body.response;
    expect(charge.card.token).toBe(added.body.response.token);

    const stranger = await newCustomer(client);
    const refused = await client.post('/1/subscriptions', {
      plan_token: plan.token,
      customer_token: stranger.token,
      card_token: added.body.response.token,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 'invalid_resource',
      error_description: 'One or more parameters are missing or invalid.',
      messages: [{ param: 'card_token', message: 'Invalid card token' }],
    });
  });

  it('answers 400 invalid_resource with param and message only, and 404 resource_not_found', async () => {
    const missing = await client.post('/1/subscriptions', { include_setup_fee: 'maybe' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: 'invalid_resource',
      error_description: 'One or more parameters are missing or invalid.',
      messages: [
        { param: 'plan_token', message: 'Plan token must be present' },
        { param: 'customer_token', message: 'Customer token must be present' },
        { param: 'include_setup_fee', message: 'Include setup fee is invalid' },
      ],
    });
    const plan = await newPlan(client);
    const customer = await newCustomer(client);
    for (const body of [
      { plan_token: 'plan_unknown0000000000000000', customer_token: customer.token },
      { plan_token: plan.token, customer_token: 'cus_unknown000000000000000' },
    ]) {
      const res = await client.post('/1/subscriptions', body);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('resource_not_found');
    }
  });

  it('answers a declined first bill with the decline; there is no subscription, the charge is recorded', async () => {
    const plan = await newPlan(client);
    const customer = await newCustomer(client, declineCards.insufficient_funds.visa);
    const res = await client.post('/1/subscriptions', {
      plan_token: plan.token,
      customer_token: customer.token,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'insufficient_funds',
      charge_token: expect.stringMatching(/^ch_/),
    });
    expect((await client.get(`/1/charges/${res.body.charge_token}`)).body.response.success).toBe(false);
    expect((await client.get(`/1/customers/${customer.token}/subscriptions`)).body.response).toEqual([]);
    expect((await client.get(`/1/plans/${plan.token}`)).body.response.subscription_counts).toEqual({
      trial: 0,
      active: 0,
      cancelling: 0,
      cancelled: 0,
    });
  });
});

describe('reading subscriptions', () => {
  it('lists them newest first with a count and short pagination, and gets one', async () => {
    const own = await newMerchant();
    const c = api(own.test.baseUrl, own.test.secretKey);
    const plan = await newPlan(c);
    const customer = await newCustomer(c);
    const first = await subscribe(c, plan.token, customer.token);
    const second = await subscribe(c, plan.token, customer.token);
    expect((await c.get('/1/subscriptions')).body).toEqual({
      response: [second, first],
      count: 2,
      pagination: { count: 2, per_page: 25, current: 1 },
    });
    expect((await c.get(`/1/subscriptions/${first.token}`)).body.response).toEqual(first);
    const customers = await c.get(`/1/customers/${customer.token}/subscriptions`);
    expect(customers.body).toEqual({
      response: [second, first],
      count: 2,
      pagination: { current: 1, previous: null, next: null, per_page: 25, pages: 1, count: 2 },
    });
  });

  it('answers 404 with the code SPEC.md gives each route, and never shows another merchant', async () => {
    const plan = await newPlan(client);
    const customer = await newCustomer(client);
    const own = await subscribe(client, plan.token, customer.token);
    const other = await newMerchant();
    const stranger = api(other.test.baseUrl, other.test.secretKey);
    const live = api(merchant.live.baseUrl, merchant.live.secretKey);
    for (const [c, token] of [
      [client, unknownSub],
      [stranger, own.token],
      [live, own.token],
    ] as const) {
      expect((await c.get(`/1/subscriptions/${token}`)).body.error).toBe('resource_not_found');
      expect((await c.put(`/1/subscriptions/${token}`, {})).body.error).toBe('resource_not_found');
      expect((await c.del(`/1/subscriptions/${token}`)).body.error).toBe('not_found');
      expect((await c.put(`/1/subscriptions/${token}/reactivate`)).body.error).toBe('not_found');
      expect((await c.get(`/1/subscriptions/${token}/ledger`)).body.error).toBe('not_found');
    }
    expect((await stranger.get('/1/subscriptions')).body.response).toEqual([]);
    expect((await stranger.get(`/1/customers/${customer.token}/subscriptions`)).status).toBe(404);
  });
});

describe('PUT /subscriptions/{token}', () => {
  it('changes the card billed to a card of the customer; none names the primary card', async () => {
    const plan = await newPlan(client);
    const customer = await newCustomer(client);
    const subscription = await subscribe(client, plan.token, customer.token);
    const added = (await client.post(`/1/customers/${customer.token}/cards`, cardFields())).body.response;
    const changed = await client.put(`/1/subscriptions/${subscription.token}`, { card_token: added.token });
    expect(changed.status).toBe(200);
    expect(changed.body.response).toEqual({ ...subscription, card_token: added.token });
    for (const body of [{ card_token: null }, { card_token: '' }]) {
      const reset = await client.put(`/1/subscriptions/${subscription.token}`, body);
      expect(reset.body.response.card_token).toBe(customer.card.token);
    }
    const other = await newCustomer(client);
    const refused = await client.put(`/1/subscriptions/${subscription.token}`, {
      card_token: other.card.token,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.messages).toEqual([{ param: 'card_token', message: 'Invalid card token' }]);
  });

  it('refuses an update without card_token: 400 invalid_resource, Card token must be present', async () => {
    const plan = await newPlan(client);
    const customer = await newCustomer(client);
    const subscription = await subscribe(client, plan.token, customer.token);
    const refused = await client.put(`/1/subscriptions/${subscription.token}`, {});
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 'invalid_resource',
      error_description: 'One or more parameters are missing or invalid.',
      messages: [{ param: 'card_token', message: 'Card token must be present' }],
    });
  });
});

describe('cancel and reactivate', () => {
  it('cancels from active (next_billing_date null, cancelled_at set), then answers 400 invalid_state', async () => {
    const plan = await newPlan(client);
    const customer = await newCustomer(client);
    const subscription = await subscribe(client, plan.token, customer.token);
    const res = await client.del(`/1/subscriptions/${subscription.token}`);
    expect(res.status).toBe(200);
    expect(res.body.response).toEqual({
      ...subscription,
      state: 'cancelled',
      next_billing_date: null,
      cancelled_at: timestamp,
    });
    const again = await client.del(`/1/subscriptions/${subscription.token}`);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_state');
    const types = (await eventsAbout(useStack(), subscription.token)).map((e) => e.type);
    expect(types).toEqual(['subscription.created', 'subscription.cancelled']);
  });

  it('cancels from trial', async () => {
    const plan = await newPlan(client, { trial_interval: 1, trial_interval_unit: 'week' });
    const customer = await newCustomer(client);
    const subscription = await subscribe(client, plan.token, customer.token);
    expect((await client.del(`/1/subscriptions/${subscription.token}`)).body.response.state).toBe(
      'cancelled',
    );
  });

  it('reactivates within the paid interval without a charge, and refuses a running subscription', async () => {
    const plan = await newPlan(client, { setup_amount: 200 });
    const customer = await newCustomer(client);
    const subscription = await subscribe(client, plan.token, customer.token);
    await client.del(`/1/subscriptions/${subscription.token}`);
    const res = await client.put(`/1/subscriptions/${subscription.token}/reactivate`, {
      include_setup_fee: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toEqual(subscription);
    expect(await chargeAmounts(client, customer.token)).toEqual([1200]);
    const refused = await client.put(`/1/subscriptions/${subscription.token}/reactivate`);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_state');
  });

  it('cancels through the customer: 200 cancelled, 400 invalid_state, 404 for another customer', async () => {
    const plan = await newPlan(client);
    const customer = await newCustomer(client);
    const other = await newCustomer(client);
    const subscription = await subscribe(client, plan.token, customer.token);
    const path = (c: string) => `/1/customers/${c}/subscriptions/${subscription.token}`;
    expect((await client.del(path(other.token))).body.error).toBe('not_found');
    expect((await client.del(path('cus_unknown000000000000000'))).status).toBe(404);
    const res = await client.del(path(customer.token));
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ token: subscription.token, state: 'cancelled' });
    expect((await client.del(path(customer.token))).body.error).toBe('invalid_state');
    expect((await client.del(`/1/customers/${customer.token}/subscriptions/${unknownSub}`)).status).toBe(404);
  });
});
