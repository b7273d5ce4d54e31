import { describe, expect, it } from 'vitest';
import { cardFields } from '../helpers/fixtures.ts';
import { newCustomer, newPlan, subscribe } from '../helpers/plans.ts';
import { settle, useReceiver } from '../helpers/receiver.ts';
import { advanceClock, api, newMerchant, useClockStack } from '../helpers/stack.ts';

// On a stack of its own for the file (useClockStack): nothing else's requests may wake the stack
// while it idles. On the DynamoDB engine the stream pipe polls the table's stream less and less
// while nothing comes (every 2 s at most); what a request or a clock move wrote goes at once.
const stack = useClockStack();
const target = useReceiver();

/** The pipe's longest wait between polls is 2 s: idle this long, it is waiting that long. */
const idleMs = 2500;
/** Well under the pipe's idle poll: a webhook sent on the next poll would mostly come later. */
const promptMs = 1000;

const typeOf = (body: string): string => JSON.parse(body).type;

describe("an event's webhook, on a stack that was idle", () => {
  it('comes as the request that made it is answered, not at the next idle poll', async () => {
    const m = await newMerchant(stack);
    const client = api(m.test.baseUrl, m.test.secretKey);
    expect((await client.post('/1/webhook_endpoints', { url: target.url('/prompt') })).status).toBe(201);
    const delays: number[] = [];
    for (let round = 1; round <= 3; round++) {
      await settle(idleMs);
      const res = await client.post('/1/customers', { email: 'roland@example.com', card: cardFields() });
      expect(res.status).toBe(201);
      const answered = Date.now();
      await target.waitFor(round, (r) => typeOf(r.body) === 'customer.created');
      delays.push(Date.now() - answered);
    }
    expect(Math.max(...delays), `delays ${delays.join(', ')} ms`).toBeLessThan(promptMs);
  });

  it('comes as a clock move that made it is answered', async () => {
    const m = await newMerchant(stack);
    const client = api(m.test.baseUrl, m.test.secretKey);
    expect((await client.post('/1/webhook_endpoints', { url: target.url('/moved') })).status).toBe(201);
    const customer = await newCustomer(client);
    const plan = await newPlan(client, { interval_unit: 'day' });
    await subscribe(client, plan.token, customer.token);
    const toMoved = (type: string) => (r: { path: string; body: string }) =>
      r.path === '/moved' && typeOf(r.body) === type;
    // The first charge, at once.
    await target.waitFor(1, toMoved('charge.captured'));
    await settle(idleMs);
    // A day on: the subscription's next charge, made by the jobs the move runs.
    await advanceClock(stack, 86_400 + 60);
    const answered = Date.now();
    await target.waitFor(2, toMoved('charge.captured'));
    expect(Date.now() - answered).toBeLessThan(promptMs);
  });
});
