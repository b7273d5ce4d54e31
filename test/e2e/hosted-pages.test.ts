import { beforeAll, describe, expect, it } from 'vitest';
import { chargeFields } from '../helpers/fixtures.ts';
import { newCustomer, newPlan, subscribe } from '../helpers/plans.ts';
import { type Api, api, type Merchant, newMerchant } from '../helpers/stack.ts';

// The pages a payer or a customer opens from a link: the 3-D Secure issuer page and the
// subscription self-service page.

let merchant: Merchant;
let test: Api;
let live: Api;

beforeAll(async () => {
  merchant = await newMerchant();
  test = api(merchant.test.baseUrl, merchant.test.secretKey);
  live = api(merchant.live.baseUrl, merchant.live.secretKey);
});

const threeDSecure = { enabled: true, callback_url: 'https://shop.example/back?order=1', fallback_ok: false };
/** Headers whoever sends a request chooses, which no link may be built from. */
const forged = { 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'evil.example' };

const pendingLiveCharge = async (headers: Record<string, string> = {}) => {
  const pending = await live.post('/1/charges', chargeFields({ three_d_secure: threeDSecure }), { headers });
  expect(pending.status, pending.text).toBe(202);
  return {
    token: pending.body.response.token as string,
    url: pending.body.response.redirect_url as string,
  };
};

const selfServiceLink = async (headers: Record<string, string> = {}) => {
  const plan = await newPlan(test);
  const subscription = await subscribe(test, plan.token, (await newCustomer(test)).token);
  const link = await test.post(`/1/subscriptions/${subscription.token}/self_service_link`, undefined, {
    headers,
  });
  expect(link.status, link.text).toBe(201);
  return link.body.response.url as string;
};

const expectUnframeable = (what: string, headers: Headers, formActions: string) => {
  expect(headers.get('content-security-policy'), what).toBe(
    `default-src 'none'; style-src 'self'; img-src 'self'; form-action ${formActions}; frame-ancestors 'none'; base-uri 'none'`,
  );
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('referrer-policy'), what).toBe('no-referrer');
};

describe('the 3-D Secure issuer page', () => {
  it("answers on its own environment's base URL only: a live session is unknown through test", async () => {
    const { token, url } = await pendingLiveCharge();
    const throughTest = url.replace(merchant.live.baseUrl, merchant.test.baseUrl);
    expect(throughTest).not.toBe(url);
    expect((await fetch(throughTest)).status).toBe(404);
    const answered = await fetch(throughTest, {
      method: 'POST',
      body: new URLSearchParams({ result: 'authenticated' }),
      redirect: 'manual',
    });
    expect(answered.status).toBe(404);
    expect((await live.get(`/1/charges/${token}`)).body.response.status_message).toBe('Pending');

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Authenticate');
  });

  it('may not be framed, and its form posts to Wattle and goes on to the merchant’s callback only', async () => {
    const { url } = await pendingLiveCharge();
    const page = await fetch(url);
    expectUnframeable('the issuer page', page.headers, "'self' https://shop.example");
  });

  it('is linked on the configured base URL, whatever the request’s headers say', async () => {
    const { url } = await pendingLiveCharge(forged);
    expect(url.startsWith(`${merchant.live.baseUrl}/1/three_d_secure/se_`)).toBe(true);
    const page = await (await fetch(url, { headers: forged })).text();
    expect(page).toContain(`action="${url}"`);
    expect(page).not.toMatch(/javascript|evil/);
  });
});

describe('the subscription self-service page', () => {
  it('may not be framed, and its form posts to Wattle only', async () => {
    const page = await fetch(await selfServiceLink());
    expect(page.status).toBe(200);
    expectUnframeable('the self-service page', page.headers, "'self'");
  });

  it('is linked on the configured base URL, whatever the request’s headers say', async () => {
    const url = await selfServiceLink(forged);
    expect(url.startsWith(`${merchant.test.baseUrl}/1/subscription_self_service?link=`)).toBe(true);
    const page = await (await fetch(url, { headers: forged })).text();
    expect(page).toContain(`action="${merchant.test.baseUrl}/1/subscription_self_service"`);
    expect(page).not.toMatch(/javascript|evil/);
  });
});
