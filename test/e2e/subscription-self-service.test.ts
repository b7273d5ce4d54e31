import { beforeAll, describe, expect, it } from 'vitest';
import { eventsAbout } from '../helpers/events.ts';
import { newCustomer, newPlan, subscribe } from '../helpers/plans.ts';
import { type Api, api, type Merchant, newMerchant, request, useStack } from '../helpers/stack.ts';

let merchant: Merchant;
let client: Api;

beforeAll(async () => {
  merchant = await newMerchant();
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
});

/** A subscription to a new plan (`customer_permissions` as given) and its self-service link. */
const subscribedWithLink = async (plan: Record<string, unknown> = {}) => {
  const planToken = (await newPlan(client, plan)).token;
  const subscription = await subscribe(client, planToken, (await newCustomer(client)).token);
  const link = await client.post(`/1/subscriptions/${subscription.token}/self_service_link`);
  expect(link.status, link.text).toBe(201);
  return { subscription, url: link.body.response.url as string, expiresAt: link.body.response.expires_at };
};

const linkTokenOf = (url: string) => new URL(url).searchParams.get('link')!;
/** The page's form, as a browser submits it: no key, the link token in the body. */
const submit = (url: string, linkToken = linkTokenOf(url)) =>
  request('POST', url.split('?')[0]!, { link: linkToken, action: 'cancel' }, { form: true });

describe('the customer’s hosted subscription page', () => {
  it('shows the subscription to whoever has the link, and cancels it: subscription.unsubscribed', async () => {
    const { subscription, url, expiresAt } = await subscribedWithLink();
    expect(url).toMatch(/\/test\/1\/subscription_self_service\?link=[\w-]{43}$/);
    expect(Date.parse(expiresAt) - Date.parse(subscription.created_at)).toBeGreaterThanOrEqual(
      7 * 86_400_000 - 60_000,
    );

    const shown = await request('GET', url);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toContain('text/html');
    expect(shown.text).toContain('<dd id="state">active</dd>');
    expect(shown.text).toContain('10.00 AUD every 1 month');
    expect(shown.text).toContain('Cancel this subscription');

    const done = await submit(url);
    expect(done.status).toBe(200);
    expect(done.text).toContain('<dd id="state">cancelled</dd>');
    const cancelled = (await client.get(`/1/subscriptions/${subscription.token}`)).body.response;
    expect(cancelled).toMatchObject({
      state: 'cancelled',
      next_billing_date: null,
      cancelled_at: expect.any(String),
    });
    const events = await eventsAbout(useStack(), subscription.token);
    expect(events.map((e) => e.type)).toEqual(['subscription.created', 'subscription.unsubscribed']);
    expect(events[1]!.data).toEqual(cancelled);

    // Once cancelled there is nothing to cancel: no button, and a second submit is refused.
    expect((await request('GET', url)).text).not.toContain('<form');
    const again = await submit(url);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_state');
    expect(await eventsAbout(useStack(), subscription.token)).toHaveLength(2);
  });

  it('offers no cancel when the plan’s customer_permissions leave it out, and refuses one', async () => {
    const { subscription, url } = await subscribedWithLink({ customer_permissions: [] });
    const shown = await request('GET', url);
    expect(shown.status).toBe(200);
    expect(shown.text).not.toContain('<form');
    const refused = await submit(url);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('transaction_forbidden');
    expect((await client.get(`/1/subscriptions/${subscription.token}`)).body.response.state).toBe('active');
  });

  it('ends a link once the subscription is reactivated: it cannot cancel the subscription again', async () => {
    const { subscription, url } = await subscribedWithLink();
    expect((await submit(url)).status).toBe(200);
    const reactivated = await client.put(`/1/subscriptions/${subscription.token}/reactivate`);
    expect(reactivated.status, reactivated.text).toBe(200);
    expect(reactivated.body.response.state).toBe('active');

    expect((await request('GET', url)).status).toBe(404);
    expect((await submit(url)).status).toBe(404);
    expect((await client.get(`/1/subscriptions/${subscription.token}`)).body.response.state).toBe('active');
    // A link issued after the reactivation works.
    const fresh = await client.post(`/1/subscriptions/${subscription.token}/self_service_link`);
    expect((await request('GET', fresh.body.response.url)).text).toContain('Cancel this subscription');
  });

  it('ends a link once a newer one is issued for the subscription', async () => {
    const { subscription, url } = await subscribedWithLink();
    const newer = await client.post(`/1/subscriptions/${subscription.token}/self_service_link`);
    expect(newer.status).toBe(201);
    expect((await request('GET', url)).status).toBe(404);
    expect((await submit(url)).status).toBe(404);
    expect((await request('GET', newer.body.response.url)).status).toBe(200);
    expect((await client.get(`/1/subscriptions/${subscription.token}`)).body.response.state).toBe('active');
  });

  it('knows no other link: unknown, malformed, or on the other environment’s base URL', async () => {
    const { url } = await subscribedWithLink();
    const token = linkTokenOf(url);
    const unknown = `${url.split('?')[0]}?link=${'x'.repeat(43)}`;
    for (const wrong of [unknown, `${url.split('?')[0]}?link=%3Cscript%3E`, url.replace('/test/', '/live/')])
      expect((await request('GET', wrong)).status).toBe(404);
    expect((await submit(url, 'y'.repeat(43))).status).toBe(404);
    expect(token).toHaveLength(43);
    // Another merchant cannot make a link to this merchant's subscription.
    const other = await newMerchant();
    const sub = (await client.get('/1/subscriptions')).body.response[0].token;
    const stranger = await api(other.test.baseUrl, other.test.secretKey).post(
      `/1/subscriptions/${sub}/self_service_link`,
    );
    expect(stranger.status).toBe(404);
  });
});
