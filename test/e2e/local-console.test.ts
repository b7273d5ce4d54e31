import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { type Receiver, startReceiver, waitUntil } from '../helpers/receiver.ts';
import { api, newMerchant, type OwnStack, request, startOwnStack } from '../helpers/stack.ts';
import { testStore } from '../helpers/test-store.ts';

/** The stack's console as lines. */
const linesOf = (stack: OwnStack): string[] => stack.output().split('\n');

/**
 * Waits for a console line matching `pattern` and returns it; failing, says what the console
 * printed last, so a line that came in another form shows in the failure.
 */
const lineMatching = async (stack: OwnStack, pattern: RegExp): Promise<string> => {
  try {
    return await waitUntil(() => linesOf(stack).find((line) => pattern.test(line)));
  } catch {
    throw new Error(
      `No console line matched ${pattern}; the last lines:\n${linesOf(stack).slice(-40).join('\n')}`,
    );
  }
};

describe('the console of `npm start` (default level)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wattle-console-'));
  let stack: OwnStack;
  let receiver: Receiver;

  beforeAll(async () => {
    // As a developer starts it: no --quiet, no WATTLE_LOG_LEVEL, a DynamoDB Local of its own.
    [stack, receiver] = await Promise.all([
      startOwnStack({ dataDir, quiet: false, logLevel: null, dynamodbEndpoint: null }),
      startReceiver((hit) => (hit.path === '/refuse' ? 500 : 200)),
    ]);
  });

  afterAll(async () => {
    await Promise.all([stack?.stop(), receiver?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const merchantWithEndpoint = async (path: string) => {
    const m = await newMerchant(stack);
    const client = api(m.test.baseUrl, m.test.secretKey);
    expect((await client.post('/1/webhook_endpoints', { url: receiver.url(path) })).status).toBe(201);
    return client;
  };

  it('shows its start-up steps before the readable block', () => {
    const output = stack.output();
    // The engine's own steps (WATTLE_TEST_STORE), then the gateway's, the same on both.
    const engineSteps =
      testStore() === 'memory'
        ? [/^start: in-memory store and queues \(nothing is kept after the stack stops\)$/m]
        : [
            /^start: DynamoDB Local at http:\/\/\S+ \(in memory\)$/m,
            /^start: table wattle created$/m,
            /^start: queues events, webhooks ready$/m,
            /^start: stream pipe from the table stream to the events queue running$/m,
          ];
    const steps = [
      ...engineSteps,
      new RegExp(`^start: gateway listening on http://localhost:${stack.port}$`, 'm'),
    ];
    const at = steps.map((step) => output.search(step));
    expect(
      at.every((index) => index >= 0),
      output,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(at.at(-1)).toBeLessThan(output.indexOf('Wattle is running'));
  });

  it('prints one line per webhook delivery: event type, webhook, URL, status and ms', async () => {
    const client = await merchantWithEndpoint('/delivered');
    expect((await client.post('/1/charges', chargeFields())).status).toBe(201);
    const [hit] = await receiver.waitFor(1, (r) => r.path === '/delivered');
    const type = JSON.parse(hit!.body).type as string;
    const url = receiver.url('/delivered');
    const line = await lineMatching(
      stack,
      new RegExp(
        `^INFO Webhook attempt event=${type} webhook=whr_\\S+ url=${url.replaceAll('.', '\\.')} .*httpStatus=200 ms=\\d+$`,
      ),
    );
    expect(linesOf(stack).filter((l) => l.startsWith('INFO Webhook attempt') && l.includes(url))).toEqual([
      line,
    ]);
  });

  it('answers a clock move with what the scheduler ran, and prints it', async () => {
    const client = await merchantWithEndpoint('/refuse');
    expect((await client.post('/1/charges', chargeFields())).status).toBe(201);
    await lineMatching(stack, /^INFO Webhook attempt .*url=\S+\/refuse .*error=unexpected_http_code/);
    const moved = await request('POST', `${stack.clockUrl}/advance`, { seconds: 86400 });
    expect(moved.status).toBe(200);
    const { scheduler } = moved.body;
    expect(scheduler).toMatchObject({
      done: expect.any(Number),
      claimedElsewhere: 0,
      failed: 0,
      overdueEvents: { fannedOut: expect.any(Number), failed: 0 },
    });
    expect(scheduler.doneByKind['webhook-retry']).toBeGreaterThanOrEqual(1);
    const kinds = Object.entries(scheduler.doneByKind as Record<string, number>)
      .map(([kind, count]) => `${kind} ${count}`)
      .join(', ');
    expect(linesOf(stack).find((line) => line.startsWith('Clock advanced'))).toBe(
      `Clock advanced 86400 s to ${moved.body.now}: ran ${scheduler.done} job${scheduler.done === 1 ? '' : 's'} (${kinds}), 0 failed, ` +
        `0 claimed by another run, ${scheduler.overdueEvents.fannedOut} overdue event(s) fanned out`,
    );
  });

  it("shows a 4xx answer's Pin error code on its request line, and none on a success", async () => {
    const client = api(stack.test.baseUrl, stack.test.secretKey);
    expect((await client.post('/1/charges', { amount: 'ten' })).status).toBe(422);
    await lineMatching(
      stack,
      /^INFO request .*route="POST \/1\/charges" .*status=422 error=invalid_resource ms=/,
    );
    expect((await client.get('/1/charges/ch_missing')).status).toBe(404);
    await lineMatching(
      stack,
      /^INFO request .*route="GET \/1\/charges\/\{charge_token\}" .*status=404 error=not_found /,
    );
    expect((await client.get('/1/customers')).status).toBe(200);
    const success = await lineMatching(stack, /^INFO request .*route="GET \/1\/customers" .*status=200/);
    expect(success).not.toMatch(/ error=/);
  });

  it('logs a declined charge and a gateway error without an ERROR or a stack trace', async () => {
    const { test: keys } = await newMerchant(stack);
    const client = api(keys.baseUrl, keys.secretKey);
    const declined = await client.post(
      '/1/charges',
      chargeFields({ card: cardFields({ number: '4100000000000001' }) }),
    );
    expect(declined.status).toBe(400);
    // Ten at once, each call an invocation of its own (decision 192): the line logged inside each
    // request carries that request's context (its route, stage and id, appended to the logger as
    // it began), not another's, nor none. On the DynamoDB engine (test:reliability) the ten
    // interleave on the table's answers, and without their own invocations the ids mix; on the
    // memory engine each runs to its end in one turn of the event loop.
    const gatewayErrors = await Promise.all(
      Array.from({ length: 10 }, () =>
        client.post('/1/charges', chargeFields({ card: cardFields({ number: '4300000000000009' }) })),
      ),
    );
    expect(gatewayErrors.map((answer) => answer.status)).toEqual(Array(10).fill(502));
    const requestIds = gatewayErrors.map((answer) => answer.headers.get('x-request-id')).sort();
    const lines = await waitUntil(() => {
      const found = linesOf(stack).filter((line) =>
        line.startsWith('INFO The processor answered gateway_error '),
      );
      return found.length >= 10 ? found : undefined;
    });
    for (const line of lines) expect(line).toMatch(/ route="POST \/1\/charges" .*status=502$/);
    expect(lines.map((line) => /(?:^| )requestId=(\S+)/.exec(line)?.[1]).sort()).toEqual(requestIds);
    await lineMatching(stack, /^INFO request .*route="POST \/1\/charges" .*status=400/);
    const output = stack.output();
    expect(output).not.toMatch(/^ERROR /m);
    expect(output).not.toMatch(/"level":"ERROR"/);
    expect(output).not.toMatch(/^\s+at /m);
  });
});

describe('the console of `npm start -- --quiet`', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wattle-quiet-'));
  let stack: OwnStack;

  beforeAll(async () => {
    stack = await startOwnStack({ dataDir, quiet: true, logLevel: null });
  });

  afterAll(async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints no info lines: no start-up steps, requests, deliveries or clock moves', async () => {
    const client = api(stack.test.baseUrl, stack.test.secretKey);
    expect((await client.get('/1/customers')).status).toBe(200);
    expect((await request('POST', `${stack.clockUrl}/advance`, { seconds: 60 })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const output = stack.output();
    expect(output).toContain('Press Ctrl-C to stop.');
    expect(output).not.toMatch(/^(start:|INFO |Clock advanced|GET |POST )/m);
  });
});
