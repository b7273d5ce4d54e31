import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { hangNet } from '../helpers/hang-net.ts';
import { startReceiver, waitUntil } from '../helpers/receiver.ts';
import { type Api, api, type Merchant, newMerchant, request, useStack } from '../helpers/stack.ts';

let merchant: Merchant;
let client: Api;
let origin: string;

beforeAll(async () => {
  merchant = await newMerchant(useStack(), 'Dashboard <b>Merchant</b>');
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
  origin = `http://localhost:${useStack().port}`;
});

/** The page as a browser asks for it (an API client asking `/` for JSON gets Pin's 404). */
const show = (query: Record<string, string>) =>
  request('GET', `${origin}/?${new URLSearchParams({ account: merchant.accountId, ...query })}`, undefined, {
    headers: { accept: 'text/html' },
  });

/** A form post from the dashboard's own page. */
const post = (path: string, fields: Record<string, string>) =>
  request(
    'POST',
    `${origin}${path}`,
    new URLSearchParams({ account: merchant.accountId, env: 'test', ...fields }).toString(),
    { raw: true, contentType: 'application/x-www-form-urlencoded', headers: { origin } },
  );

/** The status of a GET / with `host` (node:http: fetch will not send a Host header of our choosing). */
const statusWithHost = (host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: useStack().port, path: '/', headers: { host } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });

describe('the dashboard over HTTP', () => {
  it('is an HTML page with a strict Content-Security-Policy, escaping what merchants wrote', async () => {
    const made = await client.post(
      '/1/charges',
      chargeFields({
        description: '<script>alert(1)</script>',
        metadata: { x: '"><img src=x onerror=alert(1)>' },
      }),
    );
    expect(made.status).toBe(201);
    const page = await show({ view: 'charges' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(page.text).toContain(made.body.response.token);
    expect(page.text).toContain('Dashboard &#60;b&#62;Merchant&#60;/b&#62;');
    expect(page.text).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(page.text).not.toMatch(/<script|<img|<b>/);
    // The keys it reads with stay in the stack.
    expect(page.text).not.toContain(merchant.test.secretKey);
    const style = await request('GET', `${origin}/_dashboard/style.css`);
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('shows a declined charge’s reason beside its status', async () => {
    const declined = await client.post(
      '/1/charges',
      chargeFields({ card: cardFields({ number: '4100000000000001' }), description: 'declined here' }),
    );
    expect(declined.status).toBe(400);
    expect(declined.body.error).toBe('card_declined');
    const page = await show({ view: 'charges' });
    const row = page.text.split('<tr').find((line) => line.includes('declined here'));
    expect(row).toContain('Declined: The card was declined');
  });

  it('shows every resource view and the clock', async () => {
    for (const view of [
      'events',
      'deliveries',
      'customers',
      'subscriptions',
      'refunds',
      'transfers',
      'disputes',
      'balance',
      'clock',
    ])
      expect((await show({ view })).status, view).toBe(200);
  });

  it('answers bad input with a 4xx that says what is wrong', async () => {
    const cases: [Promise<{ status: number; text: string }>, number, string][] = [
      [show({ env: 'staging' }), 400, 'Environment must be test or live.'],
      [show({ view: 'secrets' }), 404, 'View must be one of: events, deliveries, charges'],
      [show({ type: 'charge.exploded' }), 400, 'Type must be one of the event types'],
      [show({ account: 'acct_nobody' }), 400, 'No account acct_nobody here'],
      [post('/_dashboard/clock', { amount: '0', unit: 'd' }), 400, 'Amount must be a whole number from 1.'],
      [post('/_dashboard/clock', { amount: '1', unit: 'y' }), 400, 'Unit must be s, m, h or d.'],
      [post('/_dashboard/replay', { webhook: '<x>' }), 400, 'Webhook must be a webhook token (whr_…).'],
      [post('/_dashboard/replay', { webhook: 'whr_nothing' }), 404, 'The API answered 404'],
      [
        request('DELETE', `${origin}/`, undefined, { headers: { accept: '*/*' } }),
        404,
        'The dashboard has no DELETE /.',
      ],
    ];
    for (const [answer, status, message] of cases) {
      const { status: got, text } = await answer;
      expect(got, text).toBe(status);
      expect(text).toContain(message);
    }
  });

  it('answers no other site: not another Origin, not another Host', async () => {
    const foreign = await request('POST', `${origin}/_dashboard/clock`, 'amount=1&unit=d', {
      raw: true,
      contentType: 'application/x-www-form-urlencoded',
      headers: { origin: 'http://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(await statusWithHost('evil.example')).toBe(403);
    expect(await statusWithHost(`localhost:${useStack().port}`)).toBe(200);
  });
});

describe('the followed events page', () => {
  it('is pushed each new event and webhook attempt as it happens, with no script and nothing written while nothing happens', async () => {
    const receiver = await startReceiver(200);
    const abort = new AbortController();
    try {
      expect((await client.post('/1/webhook_endpoints', { url: receiver.url('/followed') })).status).toBe(
        201,
      );
      const answer = await fetch(
        `${origin}/?${new URLSearchParams({ account: merchant.accountId, env: 'test', view: 'events', follow: '1' })}`,
        { headers: { accept: 'text/html' }, signal: abort.signal },
      );
      expect(answer.status).toBe(200);
      // The events page's own headers: markup only, under the same CSP as every dashboard page.
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(answer.headers.get('content-security-policy')).not.toContain('script-src');
      const reader = answer.body!.getReader();
      let written = '';
      let reading = reader.read();
      /** What the page gets within `ms`, appended to `written`. */
      const readFor = async (ms: number): Promise<string> => {
        let got = '';
        const until = Date.now() + ms;
        while (Date.now() < until) {
          const chunk = await Promise.race([
            reading,
            new Promise<null>((resolve) => setTimeout(() => resolve(null), until - Date.now())),
          ]);
          if (chunk === null) break;
          if (chunk.done) throw new Error(`The page ended:\n${written}`);
          got += Buffer.from(chunk.value).toString('utf8');
          reading = reader.read();
        }
        written += got;
        return got;
      };
      await waitUntil(
        async () => {
          await readFor(200);
          return written.includes('<ol class="events followed">') ? true : undefined;
        },
        hangNet(10_000),
        'the followed page up to its list of new items',
      );
      expect(written).not.toContain('<script');
      // Quiet: nothing is written while nothing happens.
      expect(await readFor(1_500)).toBe('');
      // Another merchant's charge, as this one's is made: only this account's reach its page.
      const other = await newMerchant(useStack());
      const otherClient = api(other.test.baseUrl, other.test.secretKey);
      expect((await otherClient.post('/1/charges', chargeFields())).status).toBe(201);
      const made = await client.post('/1/charges', chargeFields());
      expect(made.status).toBe(201);
      const [otherEvent] = (await otherClient.get('/1/events')).body.response as { token: string }[];
      const events = (await client.get('/1/events')).body.response as { token: string; type: string }[];
      expect(events.length).toBeGreaterThan(0);
      await waitUntil(
        async () => {
          await readFor(200);
          return events.every(({ token }) => written.includes(`data-token="${token}"`)) &&
            /webhook attempt .*whr_/.test(written)
            ? true
            : undefined;
        },
        hangNet(15_000),
        'the charge’s event and its webhook attempt on the followed page',
      );
      expect(written).not.toContain(otherEvent!.token);
    } finally {
      abort.abort();
      await receiver.close();
    }
  });

  it('is linked from the events page, and a type filter is not followed', async () => {
    const events = await show({ env: 'test', view: 'events' });
    expect(events.text).toContain('follow=1');
    const filtered = await show({ env: 'test', view: 'events', type: 'charge.captured', follow: '1' });
    expect(filtered.status).toBe(200);
    expect(filtered.text).not.toContain('<ol class="events followed">');
  });
});
