import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from '../helpers/browser.ts';
import { chargeFields } from '../helpers/fixtures.ts';
import { hangNet } from '../helpers/hang-net.ts';
import { type Receiver, startReceiver, waitUntil } from '../helpers/receiver.ts';
import { type Api, api, type Merchant, newMerchant, useClockStack } from '../helpers/stack.ts';

// Moves the clock from the dashboard's form: the browser project's clock stack (useClockStack).
const stack = useClockStack();
let receiver: Receiver;
let browser: Browser;
let merchant: Merchant;
let client: Api;
let page: Page;
let charge: { token: string };

const dashboard = () => `http://localhost:${stack.port}/`;

/** Reloads until `probe` holds: the page shows what the stack did meanwhile. */
const reloadUntil = (probe: () => Promise<boolean>, what: string) =>
  waitUntil(
    async () => {
      if (await probe()) return true;
      await page.reload();
      return undefined;
    },
    15_000,
    what,
  );

beforeAll(async () => {
  [receiver, browser] = await Promise.all([startReceiver(), launchBrowser()]);
  merchant = await newMerchant(stack, 'Browser Merchant');
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
  expect((await client.post('/1/webhook_endpoints', { url: receiver.url() })).status).toBe(201);
  const made = await client.post(
    '/1/charges',
    // Merchant-supplied text that would be markup if the page did not escape it.
    chargeFields({
      description: '<img src=x id=injected onerror="document.title=1">',
      metadata: { note: '</pre><script>document.title="owned"</script>' },
    }),
  );
  expect(made.status, made.text).toBe(201);
  charge = made.body.response;
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

describe('the dashboard in a browser', () => {
  it('picks the account and shows the charge’s event, its JSON escaped, under a strict CSP', async () => {
    const response = await page.goto(dashboard());
    expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");
    await page.selectOption('select[name="account"]', merchant.accountId);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/account=/);
    const event = page.locator('li.event', { hasText: 'charge.captured' });
    await reloadUntil(async () => (await event.count()) === 1, 'the charge.captured event');
    expect(await event.locator('pre').textContent()).toContain(charge.token);
    expect(await event.locator('pre').textContent()).toContain('<img src=x id=injected');
    expect(await page.locator('#injected').count()).toBe(0);
    expect(await page.title()).toBe('Events · Wattle dashboard');

    await page.selectOption('select[name="type"]', 'customer.created');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/type=customer.created/);
    expect(await page.locator('li.event').count()).toBe(0);
  });

  it('shows the webhook delivery with its signed request, and a replay makes a new attempt', async () => {
    const [sent] = await receiver.waitFor(1);
    await page.getByRole('link', { name: 'Webhook deliveries' }).click();
    const delivery = page.locator('li.delivery', { hasText: 'charge.captured' });
    await reloadUntil(async () => (await delivery.locator('tr.attempt').count()) === 1, 'the first attempt');
    const attempt = delivery.locator('tr.attempt').first();
    expect(await attempt.locator('td').nth(1).textContent()).toBe('200');
    const request = await attempt.locator('pre.request').textContent();
    expect(request).toContain(`POST ${receiver.url()}`);
    expect(request).toContain(`Pin-Signature: ${sent!.headers['pin-signature']}`);
    expect(request).toContain(sent!.body);

    await delivery.getByRole('button', { name: 'Replay' }).click();
    await page.waitForURL(/replayed=whr_/);
    expect(await page.getByRole('status').textContent()).toContain('Replay of whr_');
    await receiver.waitFor(2);
    await reloadUntil(
      async () => (await delivery.locator('tr.attempt').count()) === 2,
      'the replay’s attempt',
    );
  });

  it('advances the clock from its form and shows the jobs that ran', async () => {
    // A refused webhook leaves a retry due a minute later.
    receiver.answer = 500;
    expect(
      (await client.post('/1/customers', { email: 'late@example.com', card: chargeFields().card })).status,
    ).toBe(201);
    await receiver.waitFor(3);
    await reloadUntil(
      async () => (await page.locator('tr.attempt', { hasText: 'unexpected_http_code' }).count()) === 1,
      'the refused attempt',
    );
    receiver.answer = 200;
    await page.getByRole('link', { name: 'Clock' }).click();
    await page.fill('input[name="amount"]', '2');
    await page.selectOption('select[name="unit"]', 'm');
    await page.getByRole('button', { name: 'Advance the clock' }).click();
    const ran = page.getByRole('status');
    expect(await ran.locator('h3').textContent()).toMatch(/^Advanced 120 s to \d{4}-/);
    expect(await ran.locator('table.jobs').textContent()).toContain('webhook-retry');
  });

  it('lists the charges, and the balance', async () => {
    await page.getByRole('link', { name: 'Charges' }).click();
    expect(await page.locator('table.charges tbody tr').first().textContent()).toContain(charge.token);
    await page.getByRole('link', { name: 'Balance' }).click();
    expect(await page.locator('table.balance tbody').textContent()).toContain('AUD');
  });
});

describe('the followed events page in a browser', () => {
  it('shows each new event at the top as it happens, pushed with no script, asking nothing while nothing happens', async () => {
    const followed = await browser.context.newPage();
    try {
      await followed.goto(dashboard());
      await followed.selectOption('select[name="account"]', merchant.accountId);
      await followed.getByRole('button', { name: 'Show' }).click();
      await followed.waitForURL(/account=/);
      // The page keeps loading while it follows: wait for its list, not for its load.
      await Promise.all([
        followed.waitForURL(/follow=1/, { waitUntil: 'commit' }),
        followed.getByRole('link', { name: 'Follow new events' }).click({ noWaitAfter: true }),
      ]);
      await followed.locator('ol.followed').waitFor({ state: 'attached' });
      const asked: string[] = [];
      followed.on('request', (request) => asked.push(request.url()));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(asked).toEqual([]);

      const first = await client.post('/1/customers', {
        email: 'first@example.com',
        card: chargeFields().card,
      });
      expect(first.status).toBe(201);
      const customerEvent = followed.locator('ol.followed > li.event', { hasText: 'customer.created' });
      await customerEvent.waitFor();
      const made = await client.post('/1/charges', chargeFields());
      expect(made.status).toBe(201);
      const chargeEvent = followed.locator('ol.followed > li.event', { hasText: 'charge.' }).first();
      await chargeEvent.waitFor({ timeout: hangNet(15_000) });
      // The newest on top, as the reader sees it (the page only grows at its end; its stylesheet
      // shows the list from the bottom up).
      const top = async (item: typeof chargeEvent) => (await item.boundingBox())?.y ?? Number.NaN;
      expect(await top(chargeEvent)).toBeLessThan(await top(customerEvent));
      expect(await top(customerEvent)).toBeLessThan(await top(followed.locator('section.latest')));
      // Pushed, not asked for: the page made no request for them.
      expect(asked).toEqual([]);
      expect(await followed.locator('script').count()).toBe(0);
    } finally {
      await followed.close();
    }
  });
});
