import { beforeAll, describe, expect, it } from 'vitest';
import { eventsAbout } from '../helpers/events.ts';
import { newCustomer, newPlan, subscribe } from '../helpers/plans.ts';
import { type Api, api, type Merchant, newMerchant, useStack } from '../helpers/stack.ts';

let merchant: Merchant;
let client: Api;

beforeAll(async () => {
  merchant = await newMerchant();
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
});

const unknownPlan = 'plan_unknown0000000000000000';
const countsOf = async (plan: string) =>
  (await client.get(`/1/plans/${plan}`)).body.response.subscription_counts;

describe('POST /plans', () => {
  it('creates a plan with the defaults SPEC.md gives', async () => {
    const res = await client.post('/1/plans', {
      name: 'Basic',
      amount: 1000,
      interval: 1,
      interval_unit: 'month',
    });
    expect(res.status).toBe(201);
    expect(res.body.response).toEqual({
      token: expect.stringMatching(/^plan_[\w-]{22}$/),
      name: 'Basic',
      amount: 1000,
      currency: 'AUD',
      setup_amount: 0,
      trial_amount: 0,
      interval: 1,
      interval_unit: 'month',
      intervals: 0,
      trial_interval: 0,
      trial_interval_unit: '',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      customer_permissions: ['cancel'],
      subscription_counts: { trial: 0, active: 0, cancelling: 0, cancelled: 0 },
    });
    const [event] = await eventsAbout(useStack(), res.body.response.token);
    expect(event).toMatchObject({ type: 'plan.created', data: res.body.response });
  });

  it('takes form fields, a trial and an empty permission list', async () => {
    const res = await client.post(
      '/1/plans',
      {
        name: 'Trial plan',
        amount: '2000',
        currency: 'usd',
        interval: '2',
        interval_unit: 'week',
        intervals: '6',
        setup_amount: '500',
        trial_amount: '0',
        trial_interval: '7',
        trial_interval_unit: 'day',
        customer_permissions: [''],
      },
      { form: true },
    );
    expect(res.status).toBe(201);
    expect(res.body.response).toMatchObject({
      amount: 2000,
      currency: 'USD',
      interval: 2,
      interval_unit: 'week',
      intervals: 6,
      setup_amount: 500,
      trial_interval: 7,
      trial_interval_unit: 'day',
      customer_permissions: [],
    });
  });

  it('answers 422 unprocessable_entity with a message for every problem', async () => {
    const res = await client.post('/1/plans', {
      amount: 99,
      interval: 0,
      interval_unit: 'fortnight',
      trial_amount: 50,
      customer_permissions: ['cancel', 'pause'],
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'unprocessable_entity', error_description: expect.any(String) });
    expect(res.body.messages).toEqual(
      expect.arrayContaining([
        { param: 'name', code: 'name_invalid', message: "Name can't be blank" },
        { param: 'interval', code: 'interval_invalid', message: 'Interval must be at least 1' },
        { param: 'interval_unit', code: 'interval_unit_invalid', message: expect.any(String) },
        { param: 'customer_permissions', code: 'customer_permissions_invalid', message: expect.any(String) },
      ]),
    );
    const amounts = await client.post('/1/plans', {
      name: 'Cheap',
      amount: 99,
      interval: 1,
      interval_unit: 'day',
      trial_amount: 50,
      trial_interval: 3,
    });
    expect(amounts.body.messages).toEqual([
      { param: 'amount', code: 'amount_invalid', message: 'Amount must be at least 100' },
      {
        param: 'trial_amount',
        code: 'trial_amount_invalid',
        message: 'Trial amount must be 0 or from 100 to 600000',
      },
      {
        param: 'trial_interval_unit',
        code: 'trial_interval_unit_invalid',
        message: "Trial interval unit can't be blank when trial_interval is given",
      },
    ]);
    const gbp = await client.post('/1/plans', {
      name: 'Pence',
      amount: 50,
      currency: 'GBP',
      interval: 1,
      interval_unit: 'year',
    });
    expect(gbp.status).toBe(201);
  });

  it('keeps names unique per merchant and environment, under racing creations too', async () => {
    const name = `Unique ${Date.now()}`;
    const racing = await Promise.all(
      Array.from({ length: 6 }, () =>
        client.post('/1/plans', { name, amount: 1000, interval: 1, interval_unit: 'day' }),
      ),
    );
    expect(racing.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = racing.find((r) => r.status === 422)!;
    expect(refused.body).toMatchObject({
      error: 'unprocessable_entity',
      messages: [{ param: 'name', code: 'name_invalid', message: 'Name has already been taken' }],
    });
    const other = await newMerchant();
    const otherClient = api(other.test.baseUrl, other.test.secretKey);
    const live = api(merchant.live.baseUrl, merchant.live.secretKey);
    for (const c of [otherClient, live]) {
      expect(
        (await c.post('/1/plans', { name, amount: 1000, interval: 1, interval_unit: 'day' })).status,
      ).toBe(201);
    }
  });
});

describe('GET, PUT and DELETE /plans', () => {
  it('lists plans newest first with short pagination and no top-level count', async () => {
    const own = await newMerchant();
    const c = api(own.test.baseUrl, own.test.secretKey);
    const first = await newPlan(c);
    const second = await newPlan(c);
    const res = await c.get('/1/plans');
    expect(res.status).toBe(200);
    expect(res.body.response.map((p: { token: string }) => p.token)).toEqual([second.token, first.token]);
    expect(res.body.pagination).toEqual({ count: 2, per_page: 25, current: 1 });
    expect(res.body).not.toHaveProperty('count');
    expect((await c.get('/1/plans?page=2')).body).toMatchObject({ response: [], pagination: { current: 2 } });
  });

  it('gets a plan, and answers 404 not_found for unknown ones and other merchants', async () => {
    const plan = await newPlan(client);
    expect((await client.get(`/1/plans/${plan.token}`)).body.response).toEqual(plan);
    const other = await newMerchant();
    for (const [c, token] of [
      [client, unknownPlan],
      [api(other.test.baseUrl, other.test.secretKey), plan.token],
      [api(merchant.live.baseUrl, merchant.live.secretKey), plan.token],
    ] as const) {
      for (const res of [
        await c.get(`/1/plans/${token}`),
        await c.put(`/1/plans/${token}`, { name: 'x' }),
        await c.del(`/1/plans/${token}`),
        await c.get(`/1/plans/${token}/subscriptions`),
        await c.post(`/1/plans/${token}/subscriptions`, { customer_token: 'cus_x' }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.error).toBe('not_found');
      }
    }
  });

  it('updates the name and customer permissions only, and frees the old name', async () => {
    const plan = await newPlan(client, { name: `Old ${Date.now()}` });
    const res = await client.put(`/1/plans/${plan.token}`, {
      name: `New ${Date.now()}`,
      customer_permissions: [],
      amount: 5,
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toEqual({
      ...plan,
      name: expect.stringMatching(/^New /),
      customer_permissions: [],
    });
    expect((await client.put(`/1/plans/${plan.token}`, {})).body.response.name).toBe(res.body.response.name);
    await newPlan(client, { name: plan.name });
    const taken = await client.put(`/1/plans/${plan.token}`, { name: plan.name });
    expect(taken.status).toBe(422);
    expect(taken.body.messages[0]).toMatchObject({ param: 'name', message: 'Name has already been taken' });
    const invalid = await client.put(`/1/plans/${plan.token}`, { name: ' ', customer_permissions: ['edit'] });
    expect(invalid.status).toBe(422);
    expect(invalid.body.messages.map((m: { param: string }) => m.param)).toEqual([
      'name',
      'customer_permissions',
    ]);
  });

  it('refuses to delete a plan with running subscriptions, then deletes it with its subscriptions', async () => {
    const plan = await newPlan(client);
    const trialPlan = await newPlan(client, {
      trial_interval: 1,
      trial_interval_unit: 'week',
      trial_amount: 0,
    });
    const customer = await newCustomer(client);
    const running = await subscribe(client, plan.token, customer.token);
    const inTrial = await subscribe(client, trialPlan.token, customer.token);
    for (const token of [plan.token, trialPlan.token]) {
      const refused = await client.del(`/1/plans/${token}`);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('cannot_delete_plan');
    }
    await client.del(`/1/subscriptions/${running.token}`);
    await client.del(`/1/subscriptions/${inTrial.token}`);
    const deleted = await client.del(`/1/plans/${plan.token}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await client.get(`/1/plans/${plan.token}`)).status).toBe(404);
    expect((await client.get(`/1/subscriptions/${running.token}`)).status).toBe(404);
    const left = (await client.get(`/1/customers/${customer.token}/subscriptions`)).body;
    expect(left.response.map((s: { token: string }) => s.token)).toEqual([inTrial.token]);
    expect(left.pagination.count).toBe(1);
    expect((await eventsAbout(useStack(), plan.token)).map((e) => e.type)).toContain('plan.deleted');
    expect((await newPlan(client, { name: plan.name })).name).toBe(plan.name);
  });
});

describe('plan subscriptions', () => {
  it('subscribes a customer through the plan (200) and lists the plan subscriptions with a count', async () => {
    const plan = await newPlan(client, { setup_amount: 300 });
    const customer = await newCustomer(client);
    const res = await client.post(`/1/plans/${plan.token}/subscriptions`, {
      customer_token: customer.token,
      include_setup_fee: 'false',
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({
      state: 'active',
      plan_token: plan.token,
      customer_token: customer.token,
      card_token: customer.card.token,
    });
    const charges = (await client.get(`/1/customers/${customer.token}/charges`)).body.response;
    expect(charges.map((c: { amount: number }) => c.amount)).toEqual([1000]);
    const listed = await client.get(`/1/plans/${plan.token}/subscriptions`);
    expect(listed.body).toEqual({
      response: [res.body.response],
      count: 1,
      pagination: { count: 1, per_page: 25, current: 1 },
    });
    expect(await countsOf(plan.token)).toEqual({ trial: 0, active: 1, cancelling: 0, cancelled: 0 });
  });

  it('answers 400 invalid_resource without codes, and 404 not_found for an unknown customer', async () => {
    const plan = await newPlan(client);
    const missing = await client.post(`/1/plans/${plan.token}/subscriptions`, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: 'invalid_resource',
      error_description: 'One or more parameters are missing or invalid.',
      messages: [{ param: 'customer_token', message: 'Customer token must be present' }],
    });
    const unknown = await client.post(`/1/plans/${plan.token}/subscriptions`, {
      customer_token: 'cus_unknown000000000000000',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('not_found');
  });

  it('keeps the counts exact through trial, cancel and reactivation', async () => {
    const plan = await newPlan(client, { trial_interval: 3, trial_interval_unit: 'day', trial_amount: 200 });
    const customers = await Promise.all([newCustomer(client), newCustomer(client), newCustomer(client)]);
    const subs = await Promise.all(customers.map((c) => subscribe(client, plan.token, c.token)));
    expect(subs.map((s) => s.state)).toEqual(['trial', 'trial', 'trial']);
    expect(await countsOf(plan.token)).toEqual({ trial: 3, active: 0, cancelling: 0, cancelled: 0 });
    await client.del(`/1/subscriptions/${subs[0].token}`);
    await client.del(`/1/subscriptions/${subs[1].token}`);
    expect(await countsOf(plan.token)).toEqual({ trial: 1, active: 0, cancelling: 0, cancelled: 2 });
    const reactivated = await client.put(`/1/subscriptions/${subs[0].token}/reactivate`);
    expect(reactivated.body.response.state).toBe('active');
    expect(await countsOf(plan.token)).toEqual({ trial: 1, active: 1, cancelling: 0, cancelled: 1 });
  });
});
