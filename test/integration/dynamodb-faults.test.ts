import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { hangNet } from '../helpers/hang-net.ts';
import { useTable } from '../helpers/table.ts';
import { crashPoints } from '../reliability/harness/crash-points.ts';
import { canHit, faultAt, faultKinds } from '../reliability/harness/dynamodb-faults.ts';
import { type CallResult, type InProcessApi, inProcessApi } from '../reliability/harness/in-process-api.ts';
import { expectRetryable } from '../reliability/harness/pin-shape.ts';
import { diff, type Item, snapshot } from '../reliability/harness/table-snapshot.ts';

const table = useTable();
let api: InProcessApi;

beforeAll(async () => {
  api = await inProcessApi(table, inject('ddbEndpoint'));
});

type Send = (idempotencyKey: string) => Promise<CallResult>;

const created = async (path: string, body: unknown): Promise<string> => {
  const res = await api.call('POST', path, body);
  expect(res.status, res.text).toBeLessThan(300);
  return res.body.response.token as string;
};

/** Requests that change state, each with what it needs made first (fresh for every attempt). */
const scenarios: Record<string, () => Promise<Send>> = {
  'POST /1/customers': async () => (key) =>
    api.call(
      'POST',
      '/1/customers',
      { email: 'c@example.com', card: cardFields() },
      { headers: { 'idempotency-key': key } },
    ),
  'PUT /1/customers/{customer_token}': async () => {
    const customer = await created('/1/customers', { email: 'c@example.com', card: cardFields() });
    return (key) =>
      api.call(
        'PUT',
        `/1/customers/${customer}`,
        { notes: 'VIP', card: cardFields() },
        { headers: { 'idempotency-key': key } },
      );
  },
  'POST /1/charges': async () => (key) =>
    api.call('POST', '/1/charges', chargeFields(), { headers: { 'idempotency-key': key } }),
  'PUT /1/charges/{charge_token}/capture': async () => {
    const charge = await created('/1/charges', chargeFields({ capture: false }));
    return (key) =>
      api.call('PUT', `/1/charges/${charge}/capture`, undefined, { headers: { 'idempotency-key': key } });
  },
  'POST /1/plans': async () => {
    const plan = { name: `Plan ${randomUUID()}`, amount: 1000, interval: 1, interval_unit: 'month' };
    return (key) => api.call('POST', '/1/plans', plan, { headers: { 'idempotency-key': key } });
  },
};

/**
 * What a refused charge may leave: its reservation (a `processing` payment in no list) and the
 * recovery job that settles it, when the fault came after the processor was asked.
 */
const isReservation = (item: Item): boolean =>
  (item.payment as { state?: string } | undefined)?.state === 'processing' ||
  item.kind === 'payment-recovery' ||
  item._et === 'recovery_due';

/**
 * Whether the item at `key` changed only by a claim on its payment: a void or capture whose
 * request failed after it asked the processor leaves it, holding the payment for that request's
 * retry, which asks again with the same key (decision 195).
 */
const claimedOnly = (before: Map<string, string>, after: Map<string, string>, key: string): boolean => {
  const was = JSON.parse(before.get(key)!) as Item;
  const now = JSON.parse(after.get(key)!) as Item;
  const { claim, ...payment } = (now.payment ?? {}) as Item;
  return claim !== undefined && isDeepStrictEqual({ ...now, payment }, was);
};

const ignoringIdempotency = (table: Map<string, string>) =>
  new Map([...table].filter(([key]) => !key.includes('#IDEMPOTENCY#')));

describe('DynamoDB throttling and transaction conflicts during a request', () => {
  for (const [name, prepare] of Object.entries(scenarios)) {
    it(`${name}: a retryable 503 at every call, nothing half-done, and the retry succeeds`, {
      timeout: hangNet(120_000),
    }, async () => {
      // How many DynamoDB calls the request makes when nothing fails.
      const dryRun = await prepare();
      api.hooks.reset();
      expect((await dryRun(randomUUID())).status).toBeLessThan(300);
      const calls = [...api.hooks.calls];
      expect(calls.length).toBeGreaterThan(1);

      // Each kind of fault, once and sustained, from each call (a conflict can only hit a
      // transaction): all of them in the reliability runs, a spread sample in npm test.
      const points = faultKinds.flatMap((kind) =>
        (['once', 'sustained'] as const).flatMap((span) =>
          calls.flatMap((call, at) => (canHit(kind, call) ? [[kind, span, at] as const] : [])),
        ),
      );
      let refused = 0;
      for (const [kind, span, from] of crashPoints(points, 8)) {
        {
          const send = await prepare();
          const key = randomUUID();
          const before = ignoringIdempotency(await snapshot(table.doc, table.tableName));
          api.hooks.reset();
          api.hooks.fault = faultAt(kind, from, span);
          const res = await send(key);
          api.hooks.fault = undefined;
          const what = `${kind} ${span} at call ${from} (${calls[from]!.command}): ${res.status} ${res.text}`;
          // The fault may hit only the keeping of the answer: the request's own work is done then.
          if (res.status < 300) continue;
          refused++;
          expectRetryable(res);
          const now = ignoringIdempotency(await snapshot(table.doc, table.tableName));
          const change = diff(before, now);
          expect(
            change.changed.filter((key) => !claimedOnly(before, now, key)),
            what,
          ).toEqual([]);
          expect(change.removed, what).toEqual([]);
          expect(
            change.added.filter((item) => !isReservation(item)),
            what,
          ).toEqual([]);
          if (change.added.length > 0) {
            // Past the processor. The same request again (its key names the same payment) finishes
            // that reservation instead of charging a second time; while a sustained fault kept the
            // key locked, the recovery job finishes it. Either way: one charge, captured once.
            const payment = change.added.find((item) => item.payment)?.payment as { token: string };
            const retried = await send(key);
            if (retried.status === 409) {
              expect(retried.body.error, what).toBe('idempotency_key_in_use');
              await runDueJobs(api.deps, new Date(Date.now() + 10 * 60_000), jobHandlers);
            } else {
              expect(retried.status, `${what}; retried: ${retried.text}`).toBe(201);
              expect(retried.body.response.token, what).toBe(payment.token);
            }
            const shown = await api.call('GET', `/1/charges/${payment.token}`);
            expect(shown.body.response, what).toMatchObject({ success: true, captured: true });
            const after = diff(before, ignoringIdempotency(await snapshot(table.doc, table.tableName)));
            const payments = after.added.filter((item) => item.payment);
            expect(
              payments.map((item) => (item.payment as { token: string }).token),
              what,
            ).toEqual([payment.token]);
            continue;
          }
          // Nothing was kept under the key: the same request again does it. A sustained fault also
          // kept the key from being released: until its lock runs out, the retry is told to wait.
          const retried = await send(key);
          const detail = `${what}; retried: ${retried.text}`;
          if (span === 'sustained' && retried.status === 409) {
            expect(retried.body.error, detail).toBe('idempotency_key_in_use');
            continue;
          }
          expect(retried.status, detail).toBeLessThan(300);
          expect(retried.headers['idempotent-replayed'], detail).toBeUndefined();
        }
      }
      expect(refused).toBeGreaterThan(0);
    });
  }
});
