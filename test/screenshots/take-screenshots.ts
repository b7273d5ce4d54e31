/**
 * `npm run screenshots`: the dashboard's main views as PNGs in docs/screenshots/, taken in the
 * browser the tests use (Debian's Chromium, installed first by scripts/ensure-browser.mjs) from a
 * stack of its own filled with a small shop's day: charges, a refund, a customer and a
 * subscription, a transfer, and webhooks, one of them refused and retried.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../helpers/browser.ts';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { api, startOwnStack } from '../helpers/stack.ts';

const out = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

const ok = async <T extends { status: number; text: string; body: { response: { token: string } } }>(
  answer: Promise<T>,
): Promise<string> => {
  const res = await answer;
  if (res.status >= 300) throw new Error(`The scenario's request answered ${res.status}: ${res.text}`);
  return res.body.response.token;
};

const dataDir = mkdtempSync(join(tmpdir(), 'wattle-screenshots-'));
const [stack, receiver, browser] = await Promise.all([
  startOwnStack({ dataDir }),
  startReceiver(),
  launchBrowser(),
]);
try {
  // The seeded merchant: the dashboard's first account, with a bank account for `recipient=self`.
  const client = api(stack.test.baseUrl, stack.test.secretKey);
  await ok(client.post('/1/webhook_endpoints', { url: receiver.url('/hooks') }));
  const charge = await ok(
    client.post(
      '/1/charges',
      chargeFields({
        amount: 2450,
        description: 'Beans, 1 kg',
        card: cardFields({ number: '4000000000000077' }),
        metadata: { order: 'A-1042' },
      }),
    ),
  );
  await ok(client.post('/1/charges', chargeFields({ amount: 650, description: 'Flat white x2' })));
  await ok(client.post(`/1/charges/${charge}/refunds`, { amount: 450 }));
  const customer = await ok(
    client.post('/1/customers', {
      email: 'sam@example.com',
      card: cardFields({ number: '4200000000000000' }),
    }),
  );
  const plan = await ok(
    client.post('/1/plans', { name: 'Monthly beans', amount: 3900, interval: 1, interval_unit: 'month' }),
  );
  await ok(client.post('/1/subscriptions', { plan_token: plan, customer_token: customer }));
  await ok(
    client.post('/1/transfers', {
      description: 'Weekly payout',
      amount: 1000,
      currency: 'AUD',
      recipient: 'self',
    }),
  );
  // One webhook refused, so the deliveries show a failed attempt and the clock a retry.
  receiver.answer = (request) => (request.body.includes('"customer.created"') ? 500 : 200);
  await ok(client.post('/1/customers', { email: 'kim@example.com', card: cardFields() }));
  await receiver.waitFor(8, () => true, 20_000);

  const page = await browser.context.newPage();
  const base = `http://localhost:${stack.port}/?env=test`;
  mkdirSync(out, { recursive: true });
  const shoot = async (name: string, view: string, before?: () => Promise<void>) => {
    await page.goto(`${base}&view=${view}`);
    await before?.();
    await page.screenshot({ path: join(out, `${name}.png`) });
    console.log(`docs/screenshots/${name}.png`);
  };
  await shoot('events', 'events', () => page.locator('li.event summary').first().click());
  await shoot('deliveries', 'deliveries', () =>
    page.locator('li.delivery', { hasText: 'customer.created' }).first().locator('summary').first().click(),
  );
  await shoot('charges', 'charges');
  await shoot('balance', 'balance');
  await shoot('clock', 'clock', async () => {
    await page.fill('input[name="amount"]', '2');
    await page.selectOption('select[name="unit"]', 'm');
    await page.getByRole('button', { name: 'Advance the clock' }).click();
    await page.waitForLoadState();
  });
} finally {
  await browser.close();
  await receiver.close();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
