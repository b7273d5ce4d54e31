import { describe, expect, it } from 'vitest';
import { eventsAbout } from '../helpers/events.ts';
import { merchantApplication } from '../helpers/fixtures.ts';
import { api, newMerchant, request, useStack } from '../helpers/stack.ts';
import { everythingStored } from '../helpers/stored.ts';

const partner = () => api(useStack().test.baseUrl, useStack().partnerKey);

/**
 * The events about a referral, oldest first: each is recorded twice, with one token, in the
 * merchant's live events and in its partner's.
 */
const applicationEvents = async (token: string) => {
  const stored = await eventsAbout(useStack(), token);
  const once = stored.filter((event, i) => stored.findIndex((e) => e.token === event.token) === i);
  expect(stored).toHaveLength(2 * once.length);
  expect(new Set(stored.map((event) => event.accountId)).size).toBe(2);
  return once;
};

describe('merchants (partner access)', () => {
  it('needs the partner key: anything else gets 401 unauthorized', async () => {
    const merchant = await newMerchant();
    for (const key of [merchant.test.secretKey, null, 'pt_wrong']) {
      const res = await api(useStack().test.baseUrl, key).get('/1/merchants');
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('unauthorized');
    }
  });

  it('refers a merchant pending approval, with working test keys and waiting live keys', async () => {
    const created = await partner().post('/1/merchants', merchantApplication());
    expect(created.status).toBe(201);
    expect(created.body.response).toEqual({
      token: expect.stringMatching(/^mrch_[\w-]{22}$/),
      email: 'roland@shop.example',
      business_name: 'Robot Shop',
      status: 'pending_approval',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const token = created.body.response.token;
    const detail = (await partner().get(`/1/merchants/${token}`)).body.response;
    expect(detail).toMatchObject({
      token,
      status: 'pending_approval',
      business_name: 'Robot Shop',
      contact_name: 'Roland Robot',
      contact_email: 'roland@shop.example',
      settlement_delay_days: 5,
      maximum_charge_cents: 600000,
      test_secret_api_key: expect.stringMatching(/^sk_test_/),
      test_publishable_api_key: expect.stringMatching(/^pk_test_/),
      api_keys: {
        secret: expect.stringMatching(/^sk_live_/),
        publishable: expect.stringMatching(/^pk_live_/),
      },
    });
    expect(Object.keys(detail.pricing)).toHaveLength(6);
    expect(detail.pricing.foreign_currency_core).toEqual({ fixed_fee: 30, percentage_fee: '2.9' });
    expect(detail.notifications.recurring_payments).toHaveProperty('renewal_failed');
    expect(JSON.stringify(detail)).not.toContain('correct horse');

    const base = useStack();
    expect((await api(base.test.baseUrl, detail.test_secret_api_key).get('/1/customers')).status).toBe(200);
    const live = api(base.live.baseUrl, detail.api_keys.secret);
    expect((await live.get('/1/customers')).status).toBe(401);

    const activated = await request(
      'POST',
      `http://localhost:${base.port}/_local/merchants/${token}/activate`,
    );
    expect(activated.body.response.status).toBe('active');
    expect((await live.get('/1/customers')).status).toBe(200);
    expect((await partner().get(`/1/merchants/${token}`)).body.response.status).toBe('active');
    expect((await applicationEvents(token)).map((e) => e.type)).toEqual([
      'sub_merchant_application.submitted',
      'sub_merchant_application.activated',
    ]);
  });

  it('declines or holds an application whose contact email carries the review’s test tag', async () => {
    const base = useStack();
    const refer = (email: string) =>
      partner().post(
        '/1/merchants',
        merchantApplication({ contact: { ...merchantApplication().contact, email } }),
      );
    for (const outcome of ['declined', 'on_hold'] as const) {
      const created = await refer(`roland+${outcome}@shop.example`);
      expect(created.status).toBe(201);
      const token = created.body.response.token;
      expect(created.body.response.status).toBe(outcome);
      expect((await partner().get(`/1/merchants/${token}`)).body.response.status).toBe(outcome);
      const events = await applicationEvents(token);
      expect(events.map((e) => e.type)).toEqual([
        'sub_merchant_application.submitted',
        `sub_merchant_application.${outcome}`,
      ]);
      expect(events[1]!.data).toEqual({
        token,
        email: `roland+${outcome}@shop.example`,
        business_name: 'Robot Shop',
        status: outcome,
        created_at: created.body.response.created_at,
        updated_at: created.body.response.updated_at,
      });
      expect(events[1]!.raw).not.toContain('123456321');
      const detail = (await partner().get(`/1/merchants/${token}`)).body.response;
      expect((await api(base.live.baseUrl, detail.api_keys.secret).get('/1/customers')).status).toBe(401);
      const activated = await request(
        'POST',
        `http://localhost:${base.port}/_local/merchants/${token}/activate`,
      );
      if (outcome === 'declined') {
        expect(activated.status).toBe(400);
        expect(activated.body.error).toBe('invalid_state');
      } else {
        expect(activated.body.response.status).toBe('active');
      }
    }
  });

  it('shows the partner its referrals’ application events on the live base URL, a declined one’s too', async () => {
    const base = useStack();
    const created = await partner().post(
      '/1/merchants',
      merchantApplication({
        contact: { ...merchantApplication().contact, email: 'roland+declined@shop.example' },
      }),
    );
    const token = created.body.response.token;
    const events = await api(base.live.baseUrl, base.partnerKey).get('/1/events');
    expect(events.status).toBe(200);
    const about = events.body.response.filter((e: { data: { token: string } }) => e.data.token === token);
    expect(about.map((e: { type: string }) => e.type)).toEqual([
      'sub_merchant_application.declined',
      'sub_merchant_application.submitted',
    ]);
    const one = await api(base.live.baseUrl, base.partnerKey).get(`/1/events/${about[0].token}`);
    expect(one.body.response).toEqual(about[0]);
    // Not on the test base URL (applications are live), and not to another partner.
    const onTest = await api(base.test.baseUrl, base.partnerKey).get('/1/events');
    expect(JSON.stringify(onTest.body.response)).not.toContain(token);
    const other = await request('POST', `http://localhost:${base.port}/_local/accounts`, { kind: 'partner' });
    const stranger = api(base.live.baseUrl, other.body.partnerKey);
    expect((await stranger.get('/1/events')).body.response).toEqual([]);
    expect((await stranger.get(`/1/events/${about[0].token}`)).status).toBe(404);
  });

  it('lists only the caller’s referrals; another partner cannot read them', async () => {
    const token = (await partner().post('/1/merchants', merchantApplication())).body.response.token;
    const listed = await partner().get('/1/merchants');
    expect(listed.status).toBe(200);
    expect(listed.body.response.map((m: { token: string }) => m.token)).toContain(token);
    expect(listed.body.pagination).toMatchObject({ current: 1, per_page: 25 });

    const other = await request('POST', `http://localhost:${useStack().port}/_local/accounts`, {
      kind: 'partner',
    });
    const stranger = api(useStack().test.baseUrl, other.body.partnerKey);
    expect((await stranger.get('/1/merchants')).body.response).toEqual([]);
    expect((await stranger.get(`/1/merchants/${token}`)).status).toBe(404);
  });

  it('validates every nested object, naming nested params', async () => {
    const res = await partner().post('/1/merchants', {
      ...merchantApplication(),
      contact: { ...merchantApplication().contact, email: 'nope' },
      entity: { ...merchantApplication().entity, incorporation_status: 'trust' },
      business: { ...merchantApplication().business, typical_product_price: 42 },
      director: { ...merchantApplication().director, date_of_birth: '1980-02-30' },
      bank_account: undefined,
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('invalid_resource');
    expect(res.body.messages.map((m: { param: string }) => m.param)).toEqual([
      'contact[email]',
      'entity[incorporation_status]',
      'business[typical_product_price]',
      'bank_account',
      'director[date_of_birth]',
    ]);
    const missing = await partner().post('/1/merchants', {});
    expect(missing.body.messages.map((m: { param: string }) => m.param)).toEqual([
      'contact',
      'entity',
      'business',
      'bank_account',
      'director',
    ]);
  });

  it('shows the default settings', async () => {
    const res = await partner().get('/1/merchants/default_settings');
    expect(res.body.response).toMatchObject({
      settlement_delay_days: 5,
      transaction_fixed_fee: 30,
      domestic_transaction_percentage_fee: '1.75',
      foreign_transaction_percentage_fee: '2.9',
    });
  });

  it('keeps the application’s bank account number only sealed', async () => {
    const number = '987650321';
    const application = merchantApplication({ bank_account: { name: 'Robot Shop', bsb: '063000', number } });
    expect((await partner().post('/1/merchants', application)).status).toBe(201);
    const items = await everythingStored(useStack());
    expect(items.filter((item) => JSON.stringify(item).includes(number))).toEqual([]);
    expect(items.some((item) => JSON.stringify(item).includes('XXXXXX321'))).toBe(true);
  });
});
