import { beforeAll, describe, expect, it } from 'vitest';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { type Api, api, newMerchant } from '../helpers/stack.ts';

/**
 * Issue 41, item 3: responses shaped as Pin shapes them, as recorded from its API (where SPEC.md
 * is silent or only names a type; where it is explicit, it wins: a charge's card keeps no
 * network_type or network_format).
 */
let client: Api;

beforeAll(async () => {
  const merchant = await newMerchant();
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
});

type Charge = Record<string, unknown>;

/** The keys every representation of a charge carries, with their value when none applies. */
const expectChargeKeys = (charge: Charge, where: string) => {
  expect(charge, where).toMatchObject({
    authorisation_token: null,
    platform_fees: 0,
    platform_adjustment: { amount: 0, currency: charge.currency },
  });
};

describe('a charge carries the same keys wherever it appears', () => {
  it('create, read, capture, void, list, search, a customer’s charges and an event’s data', async () => {
    const created = (await client.post('/1/charges', chargeFields({ description: 'Shapes one' }))).body
      .response;
    expectChargeKeys(created, 'create');
    expectChargeKeys((await client.get(`/1/charges/${created.token}`)).body.response, 'read');

    const held = (await client.post('/1/charges', chargeFields({ capture: false }))).body.response;
    expectChargeKeys(held, 'create uncaptured');
    expectChargeKeys((await client.put(`/1/charges/${held.token}/capture`)).body.response, 'capture');
    const toVoid = (await client.post('/1/charges', chargeFields({ capture: false }))).body.response;
    expectChargeKeys((await client.put(`/1/charges/${toVoid.token}/void`)).body.response, 'void');

    for (const charge of (await client.get('/1/charges')).body.response) expectChargeKeys(charge, 'list');
    const found = (await client.get('/1/charges/search?query=Shapes')).body.response;
    expect(found).toHaveLength(1);
    expectChargeKeys(found[0], 'search');

    const customer = (await client.post('/1/customers', { email: 'c@example.com', card: cardFields() })).body
      .response;
    await client.post('/1/charges', chargeFields({ card: undefined, customer_token: customer.token }));
    for (const charge of (await client.get(`/1/customers/${customer.token}/charges`)).body.response) {
      expectChargeKeys(charge, 'customer charges');
    }

    const events = (await client.get('/1/events')).body.response as { data: Charge }[];
    const about = events.filter((event) => event.data.token === created.token);
    expect(about.length).toBeGreaterThan(0);
    for (const event of about) expectChargeKeys(event.data, 'event data');
  });

  it('shows a platform adjustment as it was given', async () => {
    const adjusted = await client.post(
      '/1/charges',
      chargeFields({ amount: 1000, platform_adjustment: { amount: 200, currency: 'AUD' } }),
    );
    expect(adjusted.body.response).toMatchObject({
      platform_fees: 0,
      platform_adjustment: { amount: 200, currency: 'AUD' },
    });
  });
});
