import { beforeAll, describe, expect, it } from 'vitest';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { type Api, api, newMerchant } from '../helpers/stack.ts';

/**
 * Issue 41, item 2: requests as real clients send them. An Elixir client (pinxs) encodes its
 * structs whole, every unset field a JSON `null`, and Pin took those requests in 2018, 2020 and
 * 2024: a `null` is a parameter not given, on every route, and a required one sent as `null` is
 * answered as a missing one.
 */
let client: Api;

beforeAll(async () => {
  const merchant = await newMerchant();
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
});

/** A card as pinxs's Card struct encodes it: the input fields, and every other field null. */
const elixirCard = (number = '4200000000000000') => ({
  ...cardFields({ number }),
  address_line2: null,
  address_postcode: null,
  address_state: null,
  token: null,
  scheme: null,
  display_number: null,
  issuing_country: null,
  customer_token: null,
  primary: null,
});

/** A charge as pinxs's Charge struct encodes it, with `source` (card, card_token or customer_token) set. */
const elixirCharge = (source: Record<string, unknown>) => ({
  amount_refunded: null,
  amount: 400,
  authorisation_expired: null,
  capture: null,
  captured: null,
  card_token: null,
  card: null,
  customer_token: null,
  description: 'Dragon eggs',
  email: 'hagrid@example.com',
  ip_address: '203.0.113.41',
  merchant_entitlement: null,
  metadata: null,
  refund_pending: null,
  settlement_currency: null,
  total_fees: null,
  token: null,
  transfer: null,
  currency: null,
  reference: null,
  three_d_secure: null,
  platform_adjustment: null,
  payment_source_token: null,
  ...source,
});

const created = (res: { status: number; text: string }) => expect(res.status, res.text).toBe(201);

describe('JSON null is a parameter not given', () => {
  it('creates charges by card, card token and customer token with every other field null', async () => {
    const byCard = await client.post('/1/charges', elixirCharge({ card: elixirCard() }));
    created(byCard);
    expect(byCard.body.response).toMatchObject({
      amount: 400,
      currency: 'AUD',
      captured: true,
      metadata: {},
    });

    const cardToken = (await client.post('/1/cards', elixirCard())).body.response.token;
    created(await client.post('/1/charges', elixirCharge({ card_token: cardToken })));

    const customer = await client.post('/1/customers', {
      email: 'hagrid@example.com',
      card: elixirCard(),
      card_token: null,
      token: null,
    });
    created(customer);
    const byCustomer = await client.post(
      '/1/charges',
      elixirCharge({ customer_token: customer.body.response.token }),
    );
    created(byCustomer);
    expect(byCustomer.body.response.card.token).toBe(customer.body.response.card.token);
  });

  it('creates customers with every optional field null, and an update leaves a null field as it was', async () => {
    const unset = { first_name: null, last_name: null, phone_number: null, company: null, notes: null };
    const customer = await client.post('/1/customers', {
      email: 'hagrid@example.com',
      ...unset,
      card: null,
      card_token: (await client.post('/1/cards', elixirCard())).body.response.token,
      payment_source_token: null,
    });
    created(customer);
    const token = customer.body.response.token;

    const named = await client.put(`/1/customers/${token}`, { first_name: 'Rubeus', last_name: 'Hagrid' });
    expect(named.status).toBe(200);
    const update = await client.put(`/1/customers/${token}`, {
      email: 'rubeus@example.com',
      ...unset,
      card: null,
      card_token: null,
      payment_source_token: null,
      primary_card_token: null,
    });
    expect(update.status, update.text).toBe(200);
    expect(update.body.response).toMatchObject({
      email: 'rubeus@example.com',
      first_name: 'Rubeus',
      last_name: 'Hagrid',
    });

    const card = await client.post(`/1/customers/${token}/cards`, elixirCard('5520000000000000'));
    created(card);
  });

  it('creates recipients and transfers with every optional field null', async () => {
    const recipient = await client.post('/1/recipients', {
      token: null,
      name: null,
      email: 'hagrid@example.com',
      created_at: null,
      bank_account: { name: 'Rubeus Hagrid', bsb: '063000', number: '123456321', token: null },
      bank_account_token: null,
    });
    created(recipient);
    const byToken = await client.post('/1/recipients', {
      token: null,
      name: null,
      email: 'hagrid@example.com',
      created_at: null,
      bank_account: null,
      bank_account_token: (
        await client.post('/1/bank_accounts', { name: 'Rubeus Hagrid', bsb: '063000', number: '123456321' })
      ).body.response.token,
    });
    created(byToken);
    const updated = await client.put(`/1/recipients/${byToken.body.response.token}`, {
      email: null,
      name: 'Rubeus',
      bank_account: null,
      bank_account_token: null,
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.response).toMatchObject({ email: 'hagrid@example.com', name: 'Rubeus' });

    // The instant-proceeds card: its proceeds are available at once, for the transfer to pay out.
    created(
      await client.post('/1/charges', elixirCharge({ amount: 2000, card: elixirCard('4000000000000077') })),
    );
    const transfer = await client.post('/1/transfers', {
      token: null,
      status: null,
      description: 'Payout',
      amount: 100,
      currency: 'AUD',
      recipient: recipient.body.response.token,
      created_at: null,
      total_debits: null,
      total_credits: null,
      bank_account: null,
    });
    created(transfer);
  });

  it('creates plans and subscriptions with every optional field null', async () => {
    const plan = await client.post('/1/plans', {
      name: `Elixir plan ${Math.random().toString(36).slice(2, 8)}`,
      amount: 1000,
      currency: null,
      interval: 1,
      interval_unit: 'month',
      intervals: null,
      setup_amount: null,
      trial_amount: null,
      trial_interval: null,
      trial_interval_unit: null,
      customer_permissions: null,
    });
    created(plan);
    expect(plan.body.response).toMatchObject({
      currency: 'AUD',
      intervals: 0,
      setup_amount: 0,
      trial_interval_unit: '',
      customer_permissions: ['cancel'],
    });
    const renamed = await client.put(`/1/plans/${plan.body.response.token}`, {
      name: 'Renamed',
      customer_permissions: null,
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.response.customer_permissions).toEqual(['cancel']);

    const customer = (await client.post('/1/customers', { email: 'hagrid@example.com', card: elixirCard() }))
      .body.response;
    const subscription = await client.post('/1/subscriptions', {
      plan_token: plan.body.response.token,
      customer_token: customer.token,
      card_token: null,
      include_setup_fee: null,
    });
    created(subscription);
    expect(subscription.body.response.card_token).toBe(customer.card.token);
  });

  it('answers a required parameter sent as null as a missing one', async () => {
    const nulled = {
      email: null,
      description: null,
      amount: null,
      ip_address: null,
      card: { ...cardFields(), number: null, cvc: null },
    };
    const missing = { card: { ...cardFields(), number: undefined, cvc: undefined } };
    const charge = await client.post('/1/charges', nulled);
    const chargeMissing = await client.post('/1/charges', missing);
    expect(charge.status).toBe(422);
    expect(charge.body).toEqual(chargeMissing.body);
    expect(charge.body.messages.map((m: { param: string }) => m.param)).toEqual(
      expect.arrayContaining(['email', 'description', 'amount', 'ip_address', 'card[number]', 'card[cvc]']),
    );

    const customer = await client.post('/1/customers', { email: null, card: cardFields() });
    expect(customer.status).toBe(422);
    expect(customer.body).toEqual((await client.post('/1/customers', { card: cardFields() })).body);

    const plan = await client.post('/1/plans', {
      name: null,
      amount: 1000,
      interval: 1,
      interval_unit: null,
    });
    expect(plan.status).toBe(422);
    expect(plan.body).toEqual((await client.post('/1/plans', { amount: 1000, interval: 1 })).body);

    const subscription = await client.post('/1/subscriptions', { plan_token: null, customer_token: null });
    expect(subscription.status).toBe(400);
    expect(subscription.body).toEqual((await client.post('/1/subscriptions', {})).body);

    const transfer = await client.post('/1/transfers', {
      description: null,
      amount: null,
      currency: null,
      recipient: null,
    });
    expect(transfer.status).toBe(422);
    expect(transfer.body).toEqual((await client.post('/1/transfers', {})).body);
  });

  it('keeps the one null that means something: a subscription’s card_token null is the primary card', async () => {
    const plan = (
      await client.post('/1/plans', {
        name: 'Card change',
        amount: 1000,
        interval: 1,
        interval_unit: 'month',
      })
    ).body.response;
    const customer = (await client.post('/1/customers', { email: 'hagrid@example.com', card: elixirCard() }))
      .body.response;
    const other = await client.post(`/1/customers/${customer.token}/cards`, elixirCard('5520000000000000'));
    const subscription = (
      await client.post('/1/subscriptions', {
        plan_token: plan.token,
        customer_token: customer.token,
        card_token: other.body.response.token,
      })
    ).body.response;
    const back = await client.put(`/1/subscriptions/${subscription.token}`, { card_token: null });
    expect(back.status, back.text).toBe(200);
    expect(back.body.response.card_token).toBe(customer.card.token);
  });

  it('keeps a null inside metadata as the merchant’s own value, refused as today', async () => {
    const res = await client.post('/1/charges', chargeFields({ metadata: { order: null } }));
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual([expect.objectContaining({ param: 'metadata[order]' })]);
  });
});
