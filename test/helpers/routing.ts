import { type Payment, processorRoutingOf, type Refund, type Scope } from '@wattle/domain';
import {
  captureAuthorisation,
  createPaymentOnce,
  createRefund,
  type KeyedPaymentRequest,
} from '@wattle/flows';
import { memoryRepositoriesOf } from '@wattle/memory-store';
import { jobKinds } from '@wattle/ports';
import { type RuntimeDeps, randomIds } from '@wattle/runtime';
import { expect } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { aCardDetails, aChargeRequest } from './builders.ts';
import { memoryStore } from './memory-store.ts';
import { type TestTable, testDeps } from './table.ts';

/**
 * The two store engines a routing test runs on, each with the deployment's processors as
 * `processors(live)` makes them (`live` the live default): DynamoDB Local, and the memory store's
 * repositories in its place.
 */
export const routingEngines = (
  table: TestTable,
  processors: (live: string) => RuntimeDeps['processorOf'],
) => {
  const memory = memoryStore();
  return [
    { name: 'dynamodb', deps: (live: string): RuntimeDeps => testDeps(table, processors(live)) },
    {
      name: 'memory',
      deps: (live: string): RuntimeDeps =>
        ({ ...testDeps(table, processors(live)), ...memoryRepositoriesOf(memory) }) as unknown as RuntimeDeps,
    },
  ];
};

/**
 * A live merchant of its own, with `rules` as its routing (read against the deployment's
 * `declared` accounts, as the CLI reads it), or none.
 */
export const routedMerchant = async (
  on: RuntimeDeps,
  rules: unknown[] | null,
  declared: readonly string[],
): Promise<Scope> => {
  const id = randomIds.token('acct');
  await on.accounts.create(
    {
      id,
      kind: 'merchant',
      name: 'Routed',
      email: 'r@example.com',
      status: 'active',
      referredBy: null,
      createdAt: new Date().toISOString(),
    },
    [],
  );
  if (rules) {
    const read = processorRoutingOf({ rules }, declared);
    if (!('routing' in read)) throw new Error(read.problems.join('; '));
    expect(await on.accounts.setProcessorRouting(id, read.routing)).toBe(true);
  }
  return { accountId: id, environment: 'live' };
};

/** A card payment in `currency`: a charge captured at once, or an authorisation. */
export const routedPayment = (currency: string, kind: 'charge' | 'authorisation' = 'charge') =>
  aChargeRequest({
    kind,
    capture: kind === 'charge',
    currency,
    source: { kind: 'card', details: aCardDetails() },
  });

/**
 * What a payment's own account is asked after it was made: the authorisation `held` captured in
 * full, and 300 of the charge `paid` refunded, the refund sent by its settlement job. The refund.
 */
export const capturedAndRefunded = async (
  on: RuntimeDeps,
  scope: Scope,
  held: Payment,
  paid: Payment,
): Promise<Refund> => {
  expect(await captureAuthorisation(on, scope, held.token, held.amount)).toMatchObject({
    state: 'captured',
  });
  const refund = await createRefund(on, scope, paid.token, 300);
  await runDueJobs(on, new Date(Date.now() + 2 * 60 * 60 * 1000), {
    [jobKinds.refundSettlement]: jobHandlers[jobKinds.refundSettlement]!,
  });
  return refund;
};

/**
 * One keyed payment request sent three times at once, the two retries `afterMs` after the first
 * (while its first account is still refusing it): the one payment's token they all answered.
 */
export const sentThriceAtOnce = async (
  on: RuntimeDeps,
  scope: Scope,
  request: KeyedPaymentRequest,
  afterMs: number,
): Promise<string> => {
  const first = createPaymentOnce(on, scope, request);
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  const answers = await Promise.all([
    first,
    createPaymentOnce(on, scope, request),
    createPaymentOnce(on, scope, request),
  ]);
  const token = answers[0].payment.token;
  expect(answers.map((answer) => answer.payment.token)).toEqual([token, token, token]);
  return token;
};
