import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from '../helpers/browser.ts';
import { eventsAbout } from '../helpers/events.ts';
import { newCustomer, newPlan, subscribe } from '../helpers/plans.ts';
import { waitUntil } from '../helpers/receiver.ts';
import { api, newMerchant, type OwnStack, startOwnStack } from '../helpers/stack.ts';

let dataDir: string;
let stack: OwnStack;
let browser: Browser;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'wattle-browser-'));
  [stack, browser] = await Promise.all([startOwnStack({ dataDir }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
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
