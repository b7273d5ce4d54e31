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
import { fakeBalance } from '../../fakes/balance.ts';
import { fakeDisputes } from '../../fakes/disputes.ts';
import { fakeCharges } from '../../fakes/refunds.ts';
import { fakeSchedule } from '../../fakes/schedule.ts';
import { fixedClock, sequentialIds, virtualPacing } from '../../fakes/system.ts';
import { aPayment } from '../../helpers/builders.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };

/** A captured charge of 1000 on a dispute test card, its proceeds (952) settled, its opening job due. */
const setUp = (disputeCase: Payment['disputeCase'] = { category: 'general' }) => {
  const payments = fakeCharges();
  const balance = fakeBalance();
  const schedule = fakeSchedule();
  const clock = fixedClock('2026-11-26T10:00:00Z');
  payments.put(
    scope,
    aPayment({ token: 'ch_1', state: 'captured', capturedAt: '2026-11-24T10:00:00Z', disputeCase }),
  );
  balance.credit(
    scope,
    {
      position: '1',
      chargeToken: 'ch_1',
      description: 'd',
      amount: 1000,
      totalFees: 48,
      merchantEntitlement: 952,
      createdAt: '2026-11-24T10:00:00Z',
    },
    true,
  );
  const opening: ScheduledJob = { kind: jobKinds.disputeOpening, scope, token: 'ch_1', dueAt: clock.now() };
  schedule.put(opening);
  const disputes = fakeDisputes(payments, balance, schedule);
  return {
    payments,
    balance,
    schedule,
    clock,
    disputes,
    ids: sequentialIds(),
    pacing: virtualPacing(),
    opening,
  };
};
type Deps = ReturnType<typeof setUp>;

const available = async (deps: Deps) => (await deps.balance.ledger(scope, 'AUD', deps.clock.now())).available;
const eventTypes = (deps: Deps) => deps.disputes.events.map((event) => event.type);
const onlyDispute = async (deps: Deps) => (await deps.disputes.all(scope, 10))[0]!;
/** Runs the job of `kind` on the dispute, as the scheduler would once it is due. */
const runJob = async (deps: Deps, kind: string, run: (deps: Deps, job: ScheduledJob) => Promise<void>) => {
  const dispute = await onlyDispute(deps);
  const job = deps.schedule.find(kind, scope, dispute.token);
  if (!job) throw new Error(`no ${kind} job`);
  deps.clock.advance(job.dueAt.getTime() - deps.clock.now().getTime());
  await run(deps, job);
};

describe('the issuer opening a dispute', () => {
  it('debits the amount and the fee (the balance may go below zero) and marks the charge', async () => {
    const deps = setUp();
    await openDispute(deps, deps.opening);
    const dispute = await onlyDispute(deps);
    expect(dispute).toMatchObject({ status: 'evidence_required', amount: 1000, fee: 2500 });
    expect(await available(deps)).toBe(952 - 1000 - 2500);
    expect((await deps.payments.get(scope, 'ch_1'))?.dispute).toEqual({ token: dispute.token, open: true });
    expect(eventTypes(deps)).toEqual(['dispute.evidence_required']);
    expect(deps.disputes.events[0]?.data).toMatchObject({
      token: dispute.token,
      status: 'evidence_required',
    });
    expect(deps.schedule.find(jobKinds.disputeDeadline, scope, dispute.token)?.dueAt.toISOString()).toBe(
      '2026-12-10T10:00:00.000Z',
    );
  });

  it('opens once across overlapping runs: the second claim is JobTaken', async () => {
    const deps = setUp();
    const runs = await Promise.allSettled([openDispute(deps, deps.opening), openDispute(deps, deps.opening)]);
    expect(runs.filter((run) => run.status === 'fulfilled')).toHaveLength(1);
    expect(runs.find((run) => run.status === 'rejected')?.reason).toBeInstanceOf(JobTaken);
    expect(await deps.disputes.count(scope)).toBe(1);
    expect(await available(deps)).toBe(952 - 3500);
  });

  it('reads the charge again when a refund raced the opening, and disputes what is left', async () => {
    const deps = setUp();
    const open = deps.disputes.open;
    let raced = false;
    deps.disputes.open = async (...args) => {
      if (!raced) {
        raced = true;
        deps.payments.put(scope, { ...(await deps.payments.get(scope, 'ch_1'))!, amountRefunded: 400 });
      }
      return open(...args);
    };
    await openDispute(deps, deps.opening);
    expect((await onlyDispute(deps)).amount).toBe(600);
    expect(await available(deps)).toBe(952 - 600 - 2500);
  });

  it('drops the job for a charge refunded in full', async () => {
    const deps = setUp();
    const charge = (await deps.payments.get(scope, 'ch_1'))!;
    deps.payments.put(scope, { ...charge, amountRefunded: 1000 });
    await openDispute(deps, deps.opening);
    expect(await deps.disputes.count(scope)).toBe(0);
    expect(deps.schedule.jobs.size).toBe(0);
  });
});

describe('the merchant answering a dispute', () => {
  it('saves evidence, submits it once, and the issuer decides on the test words', async () => {
    const deps = setUp();
    await openDispute(deps, deps.opening);
    const { token } = await onlyDispute(deps);
    await expect(submitEvidence(deps, scope, token)).rejects.toMatchObject({ code: 'invalid_resource' });
    await saveEvidence(deps, scope, token, { invoice_or_receipt: 'winning_evidence' });
    const submitted = await submitEvidence(deps, scope, token);
    expect(submitted.status).toBe('evidence_under_review');
    expect(deps.schedule.find(jobKinds.disputeDeadline, scope, token)).toBeUndefined();
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
    expect(eventTypes(deps)).toEqual([
      'dispute.evidence_required',
      'dispute.evidence_under_review',
      'dispute.won',
    ]);
  });

  it('loses on other evidence, keeping the money debited', async () => {
    const deps = setUp();
    await openDispute(deps, deps.opening);
    const { token } = await onlyDispute(deps);
    await saveEvidence(deps, scope, token, { invoice_or_receipt: 'losing_evidence' });
    await submitEvidence(deps, scope, token);
    await runJob(deps, jobKinds.disputeReview, reviewDispute);
    expect((await getDispute(deps, scope, token)).status).toBe('lost');
    expect(await available(deps)).toBe(952 - 3500);
  });

  it('goes through arbitration on the arbitration card', async () => {
    const deps = setUp({ category: 'general', arbitration: true });
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
    expect(eventTypes(deps).slice(2)).toEqual([
      'dispute.arbitration_under_review',
      'dispute.arbitration_won',
    ]);
  });

  it('accepts: closed, the money stays with the cardholder, no more steps', async () => {
    const deps = setUp();
    await openDispute(deps, deps.opening);
    const { token } = await onlyDispute(deps);
    expect((await acceptDispute(deps, scope, token)).status).toBe('accepted');
    await expect(acceptDispute(deps, scope, token)).rejects.toMatchObject({ code: 'dispute_closed' });
    expect(await available(deps)).toBe(952 - 3500);
    expect(deps.schedule.find(jobKinds.disputeDeadline, scope, token)).toBeUndefined();
  });

  it('one of two racing submits wins; the other is told evidence was submitted', async () => {
    const deps = setUp();
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
    expect(eventTypes(deps).filter((t) => t === 'dispute.evidence_under_review')).toHaveLength(1);
  });

  it('accept racing submit: exactly one wins', async () => {
    const deps = setUp();
    await openDispute(deps, deps.opening);
    const { token } = await onlyDispute(deps);
    await saveEvidence(deps, scope, token, { a: 'text' });
    const both = await Promise.allSettled([
      submitEvidence(deps, scope, token),
      acceptDispute(deps, scope, token),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(eventTypes(deps).slice(1)).toHaveLength(1);
  });
});

describe('the issuer closing a dispute', () => {
  it('expires one with no evidence by the deadline; the money stays debited', async () => {
    const deps = setUp();
    await openDispute(deps, deps.opening);
    await runJob(deps, jobKinds.disputeDeadline, expireDispute);
    expect((await onlyDispute(deps)).status).toBe('expired');
    expect(await available(deps)).toBe(952 - 3500);
    expect(eventTypes(deps)).toEqual(['dispute.evidence_required', 'dispute.expired']);
  });

  it('withdraws before evidence (cancelled) or after (resolved), the amount back', async () => {
    const cancelled = setUp({ category: 'general', withdrawn: true });
    await openDispute(cancelled, cancelled.opening);
    await runJob(cancelled, jobKinds.disputeWithdrawal, withdrawDispute);
    expect((await onlyDispute(cancelled)).status).toBe('cancelled');
    expect(await available(cancelled)).toBe(952 - 2500);
    // Nothing left for the deadline to do.
    expect(cancelled.schedule.jobs.size).toBe(0);

    const resolved = setUp({ category: 'general', withdrawn: true });
    await openDispute(resolved, resolved.opening);
    const { token } = await onlyDispute(resolved);
    await saveEvidence(resolved, scope, token, { a: 'x' });
    await submitEvidence(resolved, scope, token);
    await runJob(resolved, jobKinds.disputeWithdrawal, withdrawDispute);
    expect((await onlyDispute(resolved)).status).toBe('resolved');
    expect(await available(resolved)).toBe(952 - 2500);
    expect(resolved.schedule.jobs.size).toBe(0);
  });

  it('drops a deadline job once the dispute is closed', async () => {
    const deps = setUp();
    await openDispute(deps, deps.opening);
    const dispute = await onlyDispute(deps);
    const job = deps.schedule.find(jobKinds.disputeDeadline, scope, dispute.token)!;
    await acceptDispute(deps, scope, dispute.token);
    deps.schedule.put(job);
    await expireDispute(deps, job);
    expect((await onlyDispute(deps)).status).toBe('accepted');
    expect(deps.schedule.jobs.size).toBe(0);
  });
});

describe('listing disputes', () => {
  it('sorts by amount either way and filters by status and text', async () => {
    const deps = setUp();
    await openDispute(deps, deps.opening);
    deps.payments.put(
      scope,
      aPayment({
        token: 'ch_2',
        amount: 500,
        description: 'Blue shoes',
        state: 'captured',
        capturedAt: '2026-11-24T10:00:00Z',
        disputeCase: { category: 'duplicate' },
      }),
    );
    const second: ScheduledJob = {
      kind: jobKinds.disputeOpening,
      scope,
      token: 'ch_2',
      dueAt: deps.clock.now(),
    };
    deps.schedule.put(second);
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
