import { newBankAccount, type PinError, type Scope, toTimestamp } from '@wattle/domain';
import { createPayment, createTransfer, openDispute, saveEvidence, submitEvidence } from '@wattle/flows';
import { jobKinds } from '@wattle/ports';
import type { RuntimeDeps } from '@wattle/runtime';
import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { aCardDetails, aChargeRequest } from '../helpers/builders.ts';
import { testDeps, useTable } from '../helpers/table.ts';

const table = useTable();
const day = 86_400_000;
const disputedCard = '4000000000000259';

/** Deps on a clock the test moves. */
const depsAt = (at: { now: Date }): RuntimeDeps => ({ ...testDeps(table), clock: { now: () => at.now } });

const merchant = async (accountId: string, now: Date): Promise<Scope> => {
  await table.store.accounts.create(
    {
      id: accountId,
      kind: 'merchant',
      name: 'Disputed Shop',
      email: 'shop@example.com',
      status: 'active',
      referredBy: null,
      createdAt: toTimestamp(now),
      payoutBankAccount: newBankAccount(
        { name: 'Disputed Shop', bsb: '063000', number: '123456789' },
        'ba_own',
        toTimestamp(now),
      ),
    },
    [],
  );
  return { accountId, environment: 'test' };
};

/** A captured charge of 1000 (952 to the merchant), on the disputed test card unless `card` says else. */
const charge = async (deps: RuntimeDeps, scope: Scope, card = disputedCard): Promise<string> =>
  (
    await createPayment(
      deps,
      scope,
      aChargeRequest({ source: { kind: 'card', details: aCardDetails(card) } }),
    )
  ).payment.token;

const available = async (scope: Scope, now: Date) =>
  (await table.store.balance.ledger(scope, 'AUD', now)).available;

const openingJob = async (scope: Scope, chargeToken: string, now: Date) =>
  (await table.store.schedule.due(jobKinds.disputeOpening, now)).find(
    (job) => job.scope.accountId === scope.accountId && job.token === chargeToken,
  );

describe('disputes on DynamoDB Local', () => {
  it('schedules the opening with the capture, two days on, and not for other cards', async () => {
    // Capture times are kept to the second.
    const clock = { now: new Date(Math.floor(Date.now() / 1000) * 1000) };
    const scope = await merchant('acct_dispute_schedule', clock.now);
    const disputed = await charge(depsAt(clock), scope);
    const plain = await charge(depsAt(clock), scope, '4200000000000000');
    const inTwoDays = new Date(clock.now.getTime() + 2 * day);
    expect(await openingJob(scope, disputed, new Date(inTwoDays.getTime() - 1000))).toBeUndefined();
    expect((await openingJob(scope, disputed, inTwoDays))?.dueAt.toISOString()).toBe(inTwoDays.toISOString());
    expect(await openingJob(scope, plain, inTwoDays)).toBeUndefined();
  });

  it('opens once across overlapping scheduler runs, the charge marked and the balance debited once', async () => {
    const clock = { now: new Date() };
    const scope = await merchant('acct_dispute_overlap', clock.now);
    const chargeToken = await charge(depsAt(clock), scope);
    clock.now = new Date(clock.now.getTime() + 2 * day + 1000);
    const deps = depsAt(clock);
    const runs = await Promise.all([
      runDueJobs(deps, clock.now, jobHandlers),
      runDueJobs(deps, clock.now, jobHandlers),
      runDueJobs(deps, clock.now, jobHandlers),
    ]);
    expect(runs.reduce((sum, run) => sum + run.failed, 0)).toBe(0);
    const disputes = await table.store.disputes.all(scope, 10);
    expect(disputes).toHaveLength(1);
    expect(await table.store.disputes.count(scope)).toBe(1);
    expect((await table.store.payments.get(scope, chargeToken))?.dispute).toEqual({
      token: disputes[0]?.token,
      open: true,
    });
    // 952 still settling; the amount and the fee came off once.
    expect(await available(scope, clock.now)).toBe(-3500);
    const events = await table.store.events.list(scope, 1);
    expect(events.items.filter((e) => e.type === 'dispute.evidence_required')).toHaveLength(1);
  });

  it('takes one of two racing evidence submissions', async () => {
    const clock = { now: new Date() };
    const scope = await merchant('acct_dispute_submit_race', clock.now);
    await charge(depsAt(clock), scope);
    clock.now = new Date(clock.now.getTime() + 2 * day + 1000);
    const deps = depsAt(clock);
    await runDueJobs(deps, clock.now, jobHandlers);
    const [dispute] = await table.store.disputes.all(scope, 10);
    await saveEvidence(deps, scope, dispute!.token, { invoice_or_receipt: 'winning_evidence' });
    const both = await Promise.allSettled([
      submitEvidence(deps, scope, dispute!.token),
      submitEvidence(deps, scope, dispute!.token),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as PinError).code).toBe('dispute_evidence_already_submitted');
    expect((await table.store.disputes.get(scope, dispute!.token))?.status).toBe('evidence_under_review');
  });

  it('keeps the balance exact when a dispute opens while a transfer drains it', async () => {
    const clock = { now: new Date() };
    const scope = await merchant('acct_dispute_transfer_race', clock.now);
    await charge(depsAt(clock), scope);
    await charge(depsAt(clock), scope, '4200000000000000');
    // Both charges' proceeds (2 × 952) have settled; the dispute's opening is due.
    clock.now = new Date(clock.now.getTime() + 6 * day);
    const deps = depsAt(clock);
    expect(await available(scope, clock.now)).toBe(1904);
    const job = (await table.store.schedule.due(jobKinds.disputeOpening, clock.now)).find(
      (j) => j.scope.accountId === scope.accountId,
    );

    // The dispute opens between the transfer's read of the balance and its commit.
    const transfers = table.store.transfers;
    const create = transfers.create.bind(transfers);
    let overtaken = false;
    transfers.create = async (...args) => {
      if (!overtaken) {
        overtaken = true;
        await openDispute(deps, job!);
      }
      return create(...args);
    };
    const refused = await createTransfer(deps, scope, {
      description: 'All of it',
      amount: 1904,
      recipient: 'self',
    })
      .catch((error: unknown) => error)
      .finally(() => {
        transfers.create = create;
      });
    // The transfer read again after the dispute's debit and found the balance short.
    expect((refused as PinError).code).toBe('insufficient_pin_balance');
    expect(await available(scope, clock.now)).toBe(1904 - 3500);
    expect((await transfers.list(scope, 1)).total).toBe(0);
  });

  it('lets the balance go below zero when the transfer paid out first', async () => {
    const clock = { now: new Date() };
    const scope = await merchant('acct_dispute_after_transfer', clock.now);
    await charge(depsAt(clock), scope);
    clock.now = new Date(clock.now.getTime() + 6 * day);
    const deps = depsAt(clock);
    await createTransfer(deps, scope, { description: 'All of it', amount: 952, recipient: 'self' });
    await runDueJobs(deps, clock.now, jobHandlers);
    expect(await table.store.disputes.count(scope)).toBe(1);
    // The issuer took the money back from a balance already paid out: the merchant owes it.
    expect(await available(scope, clock.now)).toBe(-3500);
  });
});
