import { newCard, type Payment, type Scope, toTimestamp } from '@wattle/domain';
import { jobKinds } from '@wattle/ports';
import { randomIds } from '@wattle/runtime';
import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { aCardDetails, aPayment } from '../helpers/builders.ts';
import { testDeps, useTable } from '../helpers/table.ts';

const table = useTable();
const scope: Scope = { accountId: 'acct_recovery', environment: 'test' };

const deps = () => testDeps(table);

/** A charge reserved as createPayment reserves it, as if the function died right after. */
const reserveAndCrash = async (number: string): Promise<Payment> => {
  const now = new Date();
  const card = newCard(aCardDetails(number), randomIds.token('card'), toTimestamp(now));
  const sealed = await table.store.cardTokens.seal(scope, card, number);
  const payment = aPayment({
    token: randomIds.token('ch'),
    state: 'processing',
    captureOnSuccess: true,
    description: 'Recovered',
    card,
    createdAt: toTimestamp(now),
    expiresAt: null,
    totalFees: null,
  });
  await table.store.payments.reserve(
    scope,
    payment,
    sealed.sealedNumber,
    { joinLists: false, recoveryDueAt: now },
    now,
  );
  return payment;
};

describe('payment recovery', () => {
  it('keeps a reserved payment out of the lists until it is settled', async () => {
    const reserved = await reserveAndCrash('4200000000000000');
    const listed = await table.store.payments.list(scope, 'charge', 1);
    expect(listed.items.map((p) => p.token)).not.toContain(reserved.token);
  });

  it('finishes payments a crash left processing, once, with their events', async () => {
    const approved = await reserveAndCrash('4200000000000000');
    const declined = await reserveAndCrash('4100000000000001');
    const later = new Date(Date.now() + 5 * 60 * 1000);
    const runs = await Promise.all([
      runDueJobs(deps(), later, jobHandlers),
      runDueJobs(deps(), later, jobHandlers),
    ]);
    expect(runs.reduce((n, r) => n + r.done, 0)).toBeGreaterThanOrEqual(2);

    expect(await table.store.payments.get(scope, approved.token)).toMatchObject({
      state: 'captured',
      totalFees: 48,
    });
    expect(await table.store.payments.get(scope, declined.token)).toMatchObject({
      state: 'failed',
      decline: 'card_declined',
    });
    expect(await table.store.payments.sealedNumberOf(scope, approved.token)).toBeNull();
    const listed = (await table.store.payments.list(scope, 'charge', 1)).items.map((p) => p.token);
    expect(listed).toEqual(expect.arrayContaining([approved.token, declined.token]));
    const events = (await table.store.events.list(scope, 1)).items.filter((e) =>
      [approved.token, declined.token].includes((e.data as { token: string }).token),
    );
    expect(events.map((e) => e.type).sort()).toEqual(['charge.captured', 'charge.failed']);
    expect(await table.store.schedule.due(jobKinds.paymentRecovery, later)).toEqual([]);
  });
});
