import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from '../helpers/browser.ts';
import { eventsAbout } from '../helpers/events.ts';
import { chargeFields } from '../helpers/fixtures.ts';
import { newCustomer, newPlan, subscribe } from '../helpers/plans.ts';
import { type Receiver, startReceiver, waitUntil } from '../helpers/receiver.ts';
import { api, newMerchant, useClockStack } from '../helpers/stack.ts';

// The pages a customer or a payer opens from a link Wattle handed out, in a real browser (which
// enforces their Content-Security-Policy, form-action included).

// On the browser project's clock stack (useClockStack), reset before this file.
const stack = useClockStack();
let browser: Browser;
/** The merchant's site, where the 3-D Secure issuer page sends the payer back. */
let shop: Receiver;

beforeAll(async () => {
  [browser, shop] = await Promise.all([launchBrowser(), startReceiver()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('the customer’s hosted subscription page in a browser', () => {
  it('shows the subscription; cancel cancels it, with subscription.unsubscribed', async () => {
    const merchant = await newMerchant(stack);
    const client = api(merchant.test.baseUrl, merchant.test.secretKey);
    const plan = await newPlan(client);
    const subscription = await subscribe(client, plan.token, (await newCustomer(client)).token);
    const link = await client.post(`/1/subscriptions/${subscription.token}/self_service_link`);
    expect(link.status, link.text).toBe(201);

    const page = await browser.context.newPage();
    await page.goto(link.body.response.url);
    expect(await page.locator('#state').textContent()).toBe('active');
    expect(await page.locator('#plan').textContent()).toContain('10.00 AUD every 1 month');
    await page.getByRole('button', { name: 'Cancel this subscription' }).click();
    await page.waitForLoadState();
    expect(await page.locator('#state').textContent()).toBe('cancelled');
    expect(await page.getByRole('button').count()).toBe(0);

    expect((await client.get(`/1/subscriptions/${subscription.token}`)).body.response.state).toBe(
      'cancelled',
    );
    const events = await waitUntil(async () => {
      const found = await eventsAbout(stack, subscription.token);
      return found.length === 2 ? found : undefined;
    });
    expect(events.map((event) => event.type)).toEqual(['subscription.created', 'subscription.unsubscribed']);

    // The dashboard shows it too, under its type.
    await page.goto(
      `http://localhost:${stack.port}/?account=${merchant.accountId}&env=test&view=events&type=subscription.unsubscribed`,
    );
    expect(await page.locator('li.event pre').textContent()).toContain(subscription.token);
  });
});

describe('the 3-D Secure issuer page in a browser', () => {
  it("authenticates and goes on to the merchant's callback, which the page's form-action allows", async () => {
    const merchant = await newMerchant(stack);
    const live = api(merchant.live.baseUrl, merchant.live.secretKey);
    const pending = await live.post(
      '/1/charges',
      chargeFields({ three_d_secure: { enabled: true, callback_url: shop.url('/back?order=1') } }),
    );
    expect(pending.status, pending.text).toBe(202);

    const page = await browser.context.newPage();
    await page.goto(pending.body.response.redirect_url);
    await page.getByRole('button', { name: 'Authenticate', exact: true }).click();
    const [back] = await shop.waitFor(1, (request) => request.path.startsWith('/back'));
    expect(back?.path).toMatch(/^\/back\?order=1&session_token=se_[\w-]{22}$/);
    expect((await live.get(`/1/charges/${pending.body.response.token}`)).body.response.status_message).toBe(
      'Success',
    );
  });
});
