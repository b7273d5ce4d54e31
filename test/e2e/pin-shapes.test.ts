import { beforeAll, describe, expect, it } from 'vitest';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { type Api, api, newMerchant } from '../helpers/stack.ts';

/**
 * Issue 41, item 3: responses shaped as Pin shapes them, as recorded from its API (where Pin's reference
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

  it('a charge on a customer’s card by its card token names the customer and whether it is primary', async () => {
    const customer = (await client.post('/1/customers', { email: 'c@example.com', card: cardFields() })).body
      .response;
    const other = (await client.post(`/1/customers/${customer.token}/cards`, cardFields())).body.response;
    const cases = [
      [customer.card.token, true],
      [other.token, false],
    ] as const;
    for (const [cardToken, primary] of cases) {
      const byToken = await client.post(
        '/1/charges',
        chargeFields({ card: undefined, card_token: cardToken }),
      );
      expect(byToken.status, byToken.text).toBe(201);
      expect(byToken.body.response.card).toMatchObject({
        token: cardToken,
        customer_token: customer.token,
        primary,
      });
      const withCustomer = await client.post(
        '/1/charges',
        chargeFields({ card: undefined, customer_token: customer.token, card_token: cardToken }),
      );
      expect(withCustomer.body.response.card).toMatchObject({ customer_token: customer.token, primary });
      const authorised = await client.post(
        '/1/authorisations',
        chargeFields({ card: undefined, card_token: cardToken }),
      );
      expect(authorised.status, authorised.text).toBe(201);
      expect(authorised.body.response.card).toMatchObject({ customer_token: customer.token, primary });
    }
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

describe('other objects as Pin shapes them', () => {
  it('a recipient carries kyc_status, absent when none', async () => {
    const recipient = await client.post('/1/recipients', {
      email: 'payee@example.com',
      bank_account: { name: 'Payee', bsb: '063000', number: '987654321' },
    });
    expect(recipient.body.response.kyc_status).toBe('absent');
    const read = await client.get(`/1/recipients/${recipient.body.response.token}`);
    expect(read.body.response.kyc_status).toBe('absent');
  });

  it('a webhook endpoint’s key has the length of Pin’s (22 characters)', async () => {
    const endpoint = await client.post('/1/webhook_endpoints', { url: 'https://example.com/shapes' });
    expect(endpoint.body.response.key).toMatch(/^[\w-]{22}$/);
  });

  it('wallet payment sources show their wallet as network_type, Google Pay’s format, and no created_at', async () => {
    const token = {
      number: '4200000000000000',
      expiry_month: 5,
      expiry_year: 2030,
      cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
      eci: '05',
    };
    const cases = [
      [{ type: 'applepay', source: token }, 'applepay', null],
      [{ type: 'googlepay', source: token }, 'googlepay', 'cryptogram_3ds'],
      [
        { type: 'network_token', source: { ...token, network_type: 'googlepay' } },
        'googlepay',
        'cryptogram_3ds',
      ],
      [{ type: 'network_token', source: { ...token, network_type: 'applepay' } }, 'applepay', null],
    ] as const;
    for (const [body, networkType, networkFormat] of cases) {
      const res = await client.post('/1/payment_sources', body);
      expect(res.status, res.text).toBe(201);
      expect(res.body.response).not.toHaveProperty('created_at');
      expect(res.body.response.source).toMatchObject({
        network_type: networkType,
        network_format: networkFormat,
      });
    }
  });
});

describe('null, not "", for optional text never given', () => {
  const bareCard = () => {
    const { address_postcode: _postcode, address_state: _state, ...card } = cardFields();
    return card;
  };

  it('a card’s address_postcode and address_state, wherever the card appears', async () => {
    const card = (await client.post('/1/cards', bareCard())).body.response;
    expect(card).toMatchObject({ address_postcode: null, address_state: null, address_line2: null });
    const charged = (await client.post('/1/charges', chargeFields({ card: bareCard() }))).body.response;
    expect(charged.card).toMatchObject({ address_postcode: null, address_state: null });
    const given = (await client.post('/1/cards', cardFields())).body.response;
    expect(given).toMatchObject({ address_postcode: '6454', address_state: 'WA' });
  });

  it('a customer’s first_name, last_name, phone_number, company and notes', async () => {
    const customer = (await client.post('/1/customers', { email: 'c@example.com', card: cardFields() })).body
      .response;
    expect(customer).toMatchObject({
      first_name: null,
      last_name: null,
      phone_number: null,
      company: null,
      notes: null,
    });
    expect((await client.get(`/1/customers/${customer.token}`)).body.response.first_name).toBeNull();
    const named = await client.put(`/1/customers/${customer.token}`, { first_name: 'Roland', notes: '' });
    expect(named.body.response).toMatchObject({ first_name: 'Roland', notes: null });
  });

  it('a wallet card’s name and address fields', async () => {
    const source = await client.post('/1/payment_sources', {
      type: 'applepay',
      source: {
        number: '4200000000000000',
        expiry_month: 5,
        expiry_year: 2030,
        cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
        eci: '05',
      },
    });
    expect(source.body.response.source).toMatchObject({
      name: null,
      address_line1: null,
      address_line2: null,
      address_city: null,
      address_postcode: null,
      address_state: null,
      address_country: null,
    });
  });
});
