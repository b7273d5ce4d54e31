import type { Payment, Scope } from '@wattle/domain';
import {
  acceptDispute,
  expireDispute,
  getDispute,
  listDisputes,
  openDispute,
  reviewDispute,
  saveEvidence,
  submitEvidence,
  withdrawDispute,
} from '@wattle/flows';
import { JobTaken, jobKinds, type ScheduledJob } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds, virtualPacing } from '../../fakes/system.ts';
import { aPayment } from '../../helpers/builders.ts';
import { memoryStore, overriding, settledPayment } from '../../helpers/memory-store.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };

/** A captured charge of 1000 on a dispute test card, its proceeds (952) settled, its opening job due. */
const setUp = async (disputeCase: Payment['disputeCase'] = { category: 'general' }) => {
  const store = memoryStore();
  const clock = fixedClock('2026-11-26T10:00:00Z');
  const capturedAt = '2026-11-19T10:00:00Z';
  const charge = aPayment({ token: 'ch_1', state: 'captured', capturedAt, disputeCase });
  await settledPayment(store, scope, charge, new Date(capturedAt));
  // The issuer's opening job, due now (two days after the capture it is scheduled with).
  const due = store.world.jobs.find(jobKinds.disputeOpening, scope, 'ch_1')!;
  await store.schedule.drop(due);
  const opening: ScheduledJob = { ...due, dueAt: clock.now() };
  store.world.scheduleJob(opening);
  const { payments, balance, schedule, disputes, refunds, events, files, world } = store;
  return {
    store,
    payments,
    balance,
    schedule,
    disputes,
    refunds,
    events,
    files,
    world,
    clock,
    ids: sequentialIds(),
    pacing: virtualPacing(),
    opening,
  };
};
type Deps = Awaited<ReturnType<typeof setUp>>;

const available = async (deps: Deps) => (await deps.balance.ledger(scope, 'AUD', deps.clock.now())).available;
/** The disputes' events, oldest first. */
const disputeEvents = async (deps: Deps) =>
  (await deps.events.list(scope, 1)).items.filter((event) => event.type.startsWith('dispute.')).reverse();
const eventTypes = async (deps: Deps) => (await disputeEvents(deps)).map((event) => event.type);
/** The disputes' jobs still due. */
const disputeJobs = async (deps: Deps) => {
  const far = new Date('2100-01-01T00:00:00Z');
  const kinds = [
    jobKinds.disputeOpening,
    jobKinds.disputeDeadline,
    jobKinds.disputeReview,
    jobKinds.disputeArbitration,
    jobKinds.disputeWithdrawal,
  ];
  return (await Promise.all(kinds.map((kind) => deps.schedule.due(kind, far)))).flat();
};
/** A refund of `amount` of ch_1 made now. */
const refunded = (deps: Deps, amount: number) =>
  deps.store.refunds.create(
    scope,
    {
      token: `rf_${amount}`,
      chargeToken: 'ch_1',
      amount,
      currency: 'AUD',
      createdAt: deps.clock.now().toISOString(),
      state: 'pending',
      errorMessage: null,
    },
    {
      token: `evt_rf_${amount}`,
      type: 'refund.created',
      data: {},
      createdAt: deps.clock.now().toISOString(),
    },
    deps.clock.now(),
    deps.clock.now(),
    952,
  );
const onlyDispute = async (deps: Deps) => (await deps.disputes.all(scope, 10))[0]!;
/** Runs the job of `kind` on the dispute, as the scheduler would once it is due. */
const runJob = async (deps: Deps, kind: string, run: (deps: Deps, job: ScheduledJob) => Promise<void>) => {
  const dispute = await onlyDispute(deps);
  const job = deps.world.jobs.find(kind, scope, dispute.token);
  if (!job) throw new Error(`no ${kind} job`);
  deps.clock.advance(job.dueAt.getTime() - deps.clock.now().getTime());
  await run(deps, job);
};

describe('the issuer opening a dispute', () => {
  it('debits the amount and the fee (the balance may go below zero) and marks the charge', async () => {
    const deps = await setUp();
    await openDispute(deps, deps.opening);
    const dispute = await onlyDispute(deps);
    expect(dispute).toMatchObject({ status: 'evidence_required', amount: 1000, fee: 2500 });
    expect(await available(deps)).toBe(952 - 1000 - 2500);
    expect((await deps.payments.get(scope, 'ch_1'))?.dispute).toEqual({ token: dispute.token, open: true });
    expect(await eventTypes(deps)).toEqual(['dispute.evidence_required']);
    expect((await disputeEvents(deps))[0]?.data).toMatchObject({
      token: dispute.token,
      status: 'evidence_required',
    });
    expect(deps.world.jobs.find(jobKinds.disputeDeadline, scope, dispute.token)?.dueAt.toISOString()).toBe(
      '2026-12-10T10:00:00.000Z',
    );
  });

  it('opens once across overlapping runs: the second claim is JobTaken', async () => {
    const deps = await setUp();
    const runs = await Promise.allSettled([openDispute(deps, deps.opening), openDispute(deps, deps.opening)]);
    expect(runs.filter((run) => run.status === 'fulfilled')).toHaveLength(1);
    expect(runs.find((run) => run.status === 'rejected')?.reason).toBeInstanceOf(JobTaken);
    expect(await deps.disputes.count(scope)).toBe(1);
    expect(await available(deps)).toBe(952 - 3500);
  });

  it('reads the charge again when a refund raced the opening, and disputes what is left', async () => {
    const deps = await setUp();
    let raced = false;
    deps.disputes = overriding(deps.store.disputes, {
      open: async (...args) => {
        if (!raced) {
          raced = true;
          await refunded(deps, 400);
        }
        return deps.store.disputes.open(...args);
      },
    });
    await openDispute(deps, deps.opening);
    expect((await onlyDispute(deps)).amount).toBe(600);
    expect(await available(deps)).toBe(952 - 400 - 600 - 2500);
  });

  it('drops the job for a charge refunded in full', async () => {
    const deps = await setUp();
    await refunded(deps, 1000);
    await openDispute(deps, deps.opening);
    expect(await deps.disputes.count(scope)).toBe(0);
    expect(await disputeJobs(deps)).toEqual([]);
  });
});

describe('the merchant answering a dispute', () => {
  it('saves evidence, submits it once, and the issuer decides on the test words', async () => {
    const deps = await setUp();
    await openDispute(deps, deps.opening);
    const { token } = await onlyDispute(deps);
    await expect(submitEvidence(deps, scope, token)).rejects.toMatchObject({ code: 'invalid_resource' });
    await saveEvidence(deps, scope, token, { invoice_or_receipt: 'winning_evidence' });
    const submitted = await submitEvidence(deps, scope, token);
    expect(submitted.status).toBe('evidence_under_review');
    expect(deps.world.jobs.find(jobKinds.disputeDeadline, scope, token)).toBeUndefined();
    await expect(submitEvidence(deps, scope, token)).rejects.toMatchObject({
      code: 'dispute_evidence_already_submitted',
    });
    await expect(saveEvidence(deps, scope, token, {})).rejects.toMatchObject({
      code: 'dispute_evidence_already_submitted',
    });
    await runJob(deps, jobKinds.disputeReview, reviewDispute);
    expect((await getDispute(deps, scope, token)).status).toBe('won');
    // The amount comes back; the fee is kept.
    expect(await available(deps)).toBe(952 - 2500);
    expect((await deps.payments.get(scope, 'ch_1'))?.dispute?.open).toBe(false);
    expect(await eventTypes(deps)).toEqual([
      'dispute.evidence_required',
      'dispute.evidence_under_review',
      'dispute.won',
    ]);
  });

  it('loses on other evidence, keeping the money debited', async () => {
    const deps = await setUp();
    await openDispute(deps, deps.opening);
    const { token } = await onlyDispute(deps);
    await saveEvidence(deps, scope, token, { invoice_or_receipt: 'losing_evidence' });
    await submitEvidence(deps, scope, token);
    await runJob(deps, jobKinds.disputeReview, reviewDispute);
    expect((await getDispute(deps, scope, token)).status).toBe('lost');
    expect(await available(deps)).toBe(952 - 3500);
  });

  it('goes through arbitration on the arbitration card', async () => {
    const deps = await setUp({ category: 'general', arbitration: true });
    await openDispute(deps, deps.opening);
    const { token } = await onlyDispute(deps);
    await saveEvidence(deps, scope, token, { additional_evidence: 'winning_evidence' });
    await submitEvidence(deps, scope, token);
    await runJob(deps, jobKinds.disputeReview, reviewDispute);
    expect((await getDispute(deps, scope, token)).status).toBe('arbitration_under_review');
    expect(await available(deps)).toBe(952 - 3500);
    await runJob(deps, jobKinds.disputeArbitration, reviewDispute);
    expect((await getDispute(deps, scope, token)).status).toBe('arbitration_won');
    expect(await available(deps)).toBe(952 - 2500);
    expect((await eventTypes(deps)).slice(2)).toEqual([
      'dispute.arbitration_under_review',
      'dispute.arbitration_won',
    ]);
  });

  it('accepts: closed, the money stays with the cardholder, no more steps', async () => {
    const deps = await setUp();
    await openDispute(deps, deps.opening);
    const { token } = await onlyDispute(deps);
    expect((await acceptDispute(deps, scope, token)).status).toBe('accepted');
    await expect(acceptDispute(deps, scope, token)).rejects.toMatchObject({ code: 'dispute_closed' });
    expect(await available(deps)).toBe(952 - 3500);
    expect(deps.world.jobs.find(jobKinds.disputeDeadline, scope, token)).toBeUndefined();
  });

  it('one of two racing submits wins; the other is told evidence was submitted', async () => {
    const deps = await setUp();
    await openDispute(deps, deps.opening);
    const { token } = await onlyDispute(deps);
    await saveEvidence(deps, scope, token, { a: 'text' });
    const both = await Promise.allSettled([
      submitEvidence(deps, scope, token),
      submitEvidence(deps, scope, token),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(both.find((r) => r.status === 'rejected')?.reason).toMatchObject({
      code: 'dispute_evidence_already_submitted',
    });
    expect((await eventTypes(deps)).filter((t) => t === 'dispute.evidence_under_review')).toHaveLength(1);
  });

  it('accept racing submit: exactly one wins', async () => {
    const deps = await setUp();
    await openDispute(deps, deps.opening);
    const { token } = await onlyDispute(deps);
    await saveEvidence(deps, scope, token, { a: 'text' });
    const both = await Promise.allSettled([
      submitEvidence(deps, scope, token),
      acceptDispute(deps, scope, token),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await eventTypes(deps)).slice(1)).toHaveLength(1);
  });
});

describe('the issuer closing a dispute', () => {
  it('expires one with no evidence by the deadline; the money stays debited', async () => {
    const deps = await setUp();
    await openDispute(deps, deps.opening);
    await runJob(deps, jobKinds.disputeDeadline, expireDispute);
    expect((await onlyDispute(deps)).status).toBe('expired');
    expect(await available(deps)).toBe(952 - 3500);
    expect(await eventTypes(deps)).toEqual(['dispute.evidence_required', 'dispute.expired']);
  });

  it('withdraws before evidence (cancelled) or after (resolved), the amount back', async () => {
    const cancelled = await setUp({ category: 'general', withdrawn: true });
    await openDispute(cancelled, cancelled.opening);
    await runJob(cancelled, jobKinds.disputeWithdrawal, withdrawDispute);
    expect((await onlyDispute(cancelled)).status).toBe('cancelled');
    expect(await available(cancelled)).toBe(952 - 2500);
    // Nothing left for the deadline to do.
    expect(await disputeJobs(cancelled)).toEqual([]);

    const resolved = await setUp({ category: 'general', withdrawn: true });
    await openDispute(resolved, resolved.opening);
    const { token } = await onlyDispute(resolved);
    await saveEvidence(resolved, scope, token, { a: 'x' });
    await submitEvidence(resolved, scope, token);
    await runJob(resolved, jobKinds.disputeWithdrawal, withdrawDispute);
    expect((await onlyDispute(resolved)).status).toBe('resolved');
    expect(await available(resolved)).toBe(952 - 2500);
    expect(await disputeJobs(resolved)).toEqual([]);
  });

  it('drops a deadline job once the dispute is closed', async () => {
    const deps = await setUp();
    await openDispute(deps, deps.opening);
    const dispute = await onlyDispute(deps);
    const job = deps.world.jobs.find(jobKinds.disputeDeadline, scope, dispute.token)!;
    await acceptDispute(deps, scope, dispute.token);
    deps.world.scheduleJob(job);
    await expireDispute(deps, job);
    expect((await onlyDispute(deps)).status).toBe('accepted');
    expect(await disputeJobs(deps)).toEqual([]);
  });
});

describe('listing disputes', () => {
  it('sorts by amount either way and filters by status and text', async () => {
    const deps = await setUp();
    await openDispute(deps, deps.opening);
    const capturedAt = '2026-11-19T10:00:00Z';
    await settledPayment(
      deps.store,
      scope,
      aPayment({
        token: 'ch_2',
        amount: 500,
        description: 'Blue shoes',
        state: 'captured',
        capturedAt,
        disputeCase: { category: 'duplicate' },
      }),
      new Date(capturedAt),
    );
    await deps.schedule.drop(deps.world.jobs.find(jobKinds.disputeOpening, scope, 'ch_2')!);
    const second: ScheduledJob = {
      kind: jobKinds.disputeOpening,
      scope,
      token: 'ch_2',
      dueAt: deps.clock.now(),
    };
    deps.world.scheduleJob(second);
    await openDispute(deps, second);
    const amounts = async (direction: 1 | -1) =>
      (await listDisputes(deps, scope, { sort: 'amount', direction }, 1)).items.map((d) => d.amount);
    expect(await amounts(1)).toEqual([500, 1000]);
    expect(await amounts(-1)).toEqual([1000, 500]);
    const shoes = await listDisputes(deps, scope, { sort: 'received_at', direction: 1 }, 1, {
      query: 'shoes',
      status: null,
    });
    expect(shoes.items.map((d) => d.charge.token)).toEqual(['ch_2']);
    const lost = await listDisputes(deps, scope, { sort: 'received_at', direction: 1 }, 1, {
      query: '',
      status: 'lost',
    });
    expect(lost.total).toBe(0);
  });
});
