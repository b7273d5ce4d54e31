import {
  cancelledByReference,
  newEvent,
  type Payment,
  type ProcessorNotification,
  processorReferenceOf,
  type ResolutionOutcome,
  type Scope,
  settlementOf as settlementChanges,
} from '@wattle/domain';
import {
  applyProcessorNotification,
  captureCharge,
  createPayment,
  createRefund,
  getRefund,
} from '@wattle/flows';
import { type AccountProcessor, jobKinds } from '@wattle/ports';
import { processorOutcomeCards, simulatedSettlement, successCards } from '@wattle/processor';
import { type RuntimeDeps, randomIds, simulatedProcessorOf } from '@wattle/runtime';
import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { aCardDetails, aChargeRequest } from '../helpers/builders.ts';
import { testDeps, useTable } from '../helpers/table.ts';

// A processor's notifications applied on DynamoDB Local: once each, whatever their order, their
// resends and the writers racing them; money moves once.
const table = useTable();
const deps = (): RuntimeDeps => testDeps(table);
const newScope = (): Scope => ({ accountId: randomIds.token('acct'), environment: 'test' });
const minute = 60 * 1000;
const hour = 60 * minute;

const charge = async (scope: Scope, number: string, capture = true): Promise<Payment> =>
  (
    await createPayment(
      deps(),
      scope,
      aChargeRequest({ capture, source: { kind: 'card', details: aCardDetails(number) } }),
    )
  ).payment;

/** What the merchant has, settled or not. */
const balanceOf = async (scope: Scope): Promise<number> => {
  const ledger = await table.store.balance.ledger(scope, 'AUD', new Date());
  return ledger.available + ledger.unsettled;
};

/** Our reference of `token`, as the processor was told it and names it back. */
const referenceOf = (scope: Scope, token: string): string => processorReferenceOf(scope.accountId, token);

const settlementOf = (
  kind: 'capture' | 'void' | 'refund',
  scope: Scope,
  token: string,
  payment: Payment,
  amount: number,
): ProcessorNotification =>
  simulatedSettlement(
    kind,
    {
      reference: referenceOf(scope, token),
      processorReference: payment.processorReference!,
      amount,
      currency: 'AUD',
    },
    new Date().toISOString(),
  );

const apply = (notification: ProcessorNotification) =>
  applyProcessorNotification(deps(), 'test', notification);

describe('a pending capture', () => {
  it('is confirmed once by its notification; a resend changes nothing', async () => {
    const scope = newScope();
    const held = await charge(scope, processorOutcomeCards.capturePending, false);
    const captured = await captureCharge(deps(), scope, held.token, undefined);
    expect(captured).toMatchObject({ state: 'captured', capturePending: true });
    const confirmed = settlementOf('capture', scope, held.token, held, held.amount);
    expect(await apply(confirmed)).toBe('applied');
    expect(await apply(confirmed)).toBe('unchanged');
    const after = await table.store.payments.get(scope, held.token);
    expect(after).toMatchObject({ state: 'captured' });
    expect(after).not.toHaveProperty('capturePending');
  });

  it('failing later fails the charge and takes its proceeds back, once, whatever comes after', async () => {
    const scope = newScope();
    const held = await charge(scope, processorOutcomeCards.captureFailsLater, false);
    await captureCharge(deps(), scope, held.token, undefined);
    const credited = await balanceOf(scope);
    expect(credited).toBeGreaterThan(0);
    const failed = settlementOf('capture', scope, held.token, held, held.amount);
    expect(failed.kind).toBe('capture_failed');
    // Two deliveries of the failure at once: one applies.
    const applied = await Promise.all([apply(failed), apply(failed)]);
    expect(applied.sort()).toEqual(['applied', 'unchanged']);
    expect(await table.store.payments.get(scope, held.token)).toMatchObject({
      state: 'failed',
      decline: 'processing_error',
      capturedAt: null,
    });
    expect(await balanceOf(scope)).toBe(0);
    // A success delivered late changes nothing: the failure stands.
    const late: ProcessorNotification = { ...failed, id: 'late', kind: 'capture', success: true };
    expect(await apply(late)).toBe('unchanged');
    expect(await balanceOf(scope)).toBe(0);
    const events = (await table.store.events.list(scope, 1)).items.map((e) => e.type);
    expect(events.filter((t) => t === 'charge.failed')).toHaveLength(1);
  });
});

/**
 * A refund of `amount` of a charge on `number`, sent to the processor by its settlement job alone
 * (not the simulator's own settlement it schedules: here the notification is delivered).
 */
const refundSent = async (number: string, amount = 400) => {
  const scope = newScope();
  await charge(scope, successCards.visa);
  const paid = await charge(scope, number);
  const refund = await createRefund(deps(), scope, paid.token, amount);
  const refundJob = { [jobKinds.refundSettlement]: jobHandlers[jobKinds.refundSettlement]! };
  await runDueJobs(deps(), new Date(Date.now() + 2 * hour), refundJob);
  return { scope, paid, refund };
};

describe('a pending refund', () => {
  it('stays Pending after its job, and succeeds once by its notification', async () => {
    const { scope, paid, refund } = await refundSent(processorOutcomeCards.refundPending);
    expect(await getRefund(deps(), scope, refund.token)).toMatchObject({ state: 'pending' });
    expect(
      await table.store.schedule.due(jobKinds.refundSettlement, new Date(Date.now() + 2 * hour)),
    ).toEqual([]);
    // The simulator sends no notification: the one it gave is scheduled with the pending write.
    const [own] = (
      await table.store.schedule.due(jobKinds.processorSettlement, new Date(Date.now() + 2 * hour))
    ).filter((job) => job.token === refund.token);
    expect(own?.data?.notification).toMatchObject({
      kind: 'refund',
      reference: expect.stringContaining(refund.token),
    });
    const succeeded = settlementOf('refund', scope, refund.token, paid, refund.amount);
    // Naming another payment at the processor, it is not this refund's.
    expect(await apply({ ...succeeded, paymentProcessorReference: 'psp_another_payment' })).toBe('not_ours');
    expect(await getRefund(deps(), scope, refund.token)).toMatchObject({ state: 'pending' });
    expect(await apply(succeeded)).toBe('applied');
    expect(await apply(succeeded)).toBe('unchanged');
    expect(await getRefund(deps(), scope, refund.token)).toMatchObject({ state: 'succeeded' });
    expect(await table.store.payments.get(scope, paid.token)).toMatchObject({
      amountRefunded: 400,
      pendingRefunds: 0,
    });
  });

  it('failing later gives its amount back to the charge and the balance, once', async () => {
    const { scope, paid, refund } = await refundSent(processorOutcomeCards.refundFailsLater);
    const before = await balanceOf(scope);
    const failed = settlementOf('refund', scope, refund.token, paid, refund.amount);
    expect(failed.kind).toBe('refund_failed');
    expect((await Promise.all([apply(failed), apply(failed)])).sort()).toEqual(['applied', 'unchanged']);
    expect(await getRefund(deps(), scope, refund.token)).toMatchObject({ state: 'failed' });
    expect(await table.store.payments.get(scope, paid.token)).toMatchObject({
      amountRefunded: 0,
      pendingRefunds: 0,
    });
    expect(await balanceOf(scope)).toBe(before + 400);
  });

  it('reversed after it succeeded fails, its amount given back once', async () => {
    const { scope, paid, refund } = await refundSent(processorOutcomeCards.refundPending);
    await apply(settlementOf('refund', scope, refund.token, paid, refund.amount));
    const before = await balanceOf(scope);
    const reversed: ProcessorNotification = {
      ...settlementOf('refund', scope, refund.token, paid, refund.amount),
      id: 'reversed',
      kind: 'refunded_reversed',
      event: 'REFUNDED_REVERSED',
    };
    expect(await apply(reversed)).toBe('applied');
    expect(await apply(reversed)).toBe('unchanged');
    expect(await getRefund(deps(), scope, refund.token)).toMatchObject({ state: 'failed' });
    expect(await balanceOf(scope)).toBe(before + 400);
    expect(await table.store.payments.get(scope, paid.token)).toMatchObject({ amountRefunded: 0 });
  });
});

describe('an unresolved payment', () => {
  const authorisation = (scope: Scope, payment: Payment, success: boolean): ProcessorNotification => ({
    id: `AUTHORISATION:${payment.token}:${success}`,
    kind: 'authorisation',
    event: 'AUTHORISATION',
    success,
    reference: referenceOf(scope, payment.token),
    processorReference: `psp.${payment.token}`,
    amount: { amount: 1, currency: 'XXX' },
    ...(success ? {} : { reason: 'Refused', decline: 'insufficient_funds' as const }),
    occurredAt: new Date().toISOString(),
    live: false,
  });

  it("is settled by the processor's authorisation from our records, and its recovery job then finds nothing to do", async () => {
    const scope = newScope();
    const unresolved = await charge(scope, processorOutcomeCards.unknownOutcome);
    expect(unresolved).toMatchObject({ state: 'processing', unresolvedSince: expect.any(String) });
    expect(await apply(authorisation(scope, unresolved, true))).toBe('applied');
    expect(await apply(authorisation(scope, unresolved, true))).toBe('unchanged');
    // The notification's echoed amount is not ours: our record's stands.
    expect(await table.store.payments.get(scope, unresolved.token)).toMatchObject({
      state: 'captured',
      amount: 1000,
      currency: 'AUD',
      processorReference: `psp.${unresolved.token}`,
    });
    const credited = await balanceOf(scope);
    await runDueJobs(deps(), new Date(Date.now() + 10 * minute), jobHandlers);
    expect(await table.store.payments.get(scope, unresolved.token)).toMatchObject({ state: 'captured' });
    expect(await balanceOf(scope)).toBe(credited);
  });

  it('racing its recovery job, settles once: one outcome, one event', async () => {
    const scope = newScope();
    const unresolved = await charge(scope, processorOutcomeCards.unknownOutcome);
    await Promise.all([
      apply(authorisation(scope, unresolved, false)),
      runDueJobs(deps(), new Date(Date.now() + 10 * minute), jobHandlers),
    ]);
    const settled = await table.store.payments.get(scope, unresolved.token);
    expect(settled?.state).toBe('failed');
    const events = (await table.store.events.list(scope, 1)).items.filter((e) =>
      JSON.stringify(e.data).includes(unresolved.token),
    );
    expect(events.map((e) => e.type)).toEqual(['charge.failed']);
  });
});

describe('a chargeback', () => {
  it('opens the charge’s dispute once, with its event, however often it is delivered', async () => {
    const scope = newScope();
    const paid = await charge(scope, successCards.visa);
    const chargeback: ProcessorNotification = {
      id: `CHARGEBACK:${paid.token}`,
      kind: 'chargeback',
      event: 'CHARGEBACK',
      success: true,
      reference: referenceOf(scope, paid.token),
      processorReference: 'psp_cb',
      amount: { amount: paid.amount, currency: 'AUD' },
      reason: 'Fraud',
      occurredAt: new Date().toISOString(),
      live: false,
    };
    const applied = await Promise.all([apply(chargeback), apply(chargeback)]);
    expect(applied.sort()).toEqual(['applied', 'unchanged']);
    expect(await table.store.disputes.count(scope)).toBe(1);
    expect((await table.store.payments.get(scope, paid.token))?.dispute).toMatchObject({ open: true });
    const events = (await table.store.events.list(scope, 1)).items.map((e) => e.type);
    expect(events.filter((t) => t === 'dispute.evidence_required')).toHaveLength(1);
  });
});

it('leaves a notification naming no payment of ours alone: a reference we never gave, or another account’s', async () => {
  const stranger: ProcessorNotification = {
    id: 'x',
    kind: 'capture_failed',
    event: 'CAPTURE_FAILED',
    success: true,
    reference: 'ch_notours00000000000000',
    processorReference: 'psp_x',
    amount: { amount: 100, currency: 'AUD' },
    occurredAt: new Date().toISOString(),
    live: false,
  };
  expect(await apply(stranger)).toBe('not_ours');
  // Our reference's shape, but the payment is not that account's (nor the environment's).
  const scope = newScope();
  const paid = await charge(scope, successCards.visa);
  const elsewhere = { ...stranger, kind: 'chargeback' as const, event: 'CHARGEBACK' };
  expect(await apply({ ...elsewhere, reference: referenceOf(newScope(), paid.token) })).toBe('not_ours');
  expect(
    await applyProcessorNotification(deps(), 'live', {
      ...elsewhere,
      reference: referenceOf(scope, paid.token),
    }),
  ).toBe('not_ours');
  expect(await table.store.payments.get(scope, paid.token)).toMatchObject({ state: 'captured' });
  expect(await table.store.disputes.count(scope)).toBe(0);
});

describe("an unknown outcome's resolution", () => {
  /** The simulator, but its resolution answers `answer.now` (each racing run asks it: harmless). */
  const resolving = (first: ResolutionOutcome) => {
    const simulator = simulatedProcessorOf()(newScope());
    const asked: string[] = [];
    const answer = { now: first };
    const processor: AccountProcessor = {
      ...simulator,
      resolve: async ({ paymentToken }) => {
        asked.push(paymentToken);
        return answer.now;
      },
    };
    return { asked, answer, deps: (): RuntimeDeps => ({ ...deps(), processorOf: () => processor }) };
  };

  it('is asked again later while the answer stays unknown, never authorised again, and settles once', async () => {
    const scope = newScope();
    const { asked, answer, deps: resolvingDeps } = resolving({ outcome: 'unknown', reason: 'Timing out' });
    const unresolved = await charge(scope, processorOutcomeCards.unknownOutcome);
    const first = new Date(Date.now() + 3 * minute);
    await Promise.all([
      runDueJobs(resolvingDeps(), first, jobHandlers),
      runDueJobs(resolvingDeps(), first, jobHandlers),
    ]);
    // Resolved by our token only (never authorised again): still Pending, its job due again later.
    expect(new Set(asked)).toEqual(new Set([unresolved.token]));
    const still = await table.store.payments.get(scope, unresolved.token);
    expect(still).toMatchObject({ state: 'processing', recoveryDueAt: expect.any(String) });
    expect(await table.store.schedule.due(jobKinds.paymentRecovery, first)).toEqual([]);

    answer.now = { outcome: 'approved', processorReference: 'psp_found' };
    const second = new Date(Date.parse(still!.recoveryDueAt!) + minute);
    await Promise.all([
      runDueJobs(resolvingDeps(), second, jobHandlers),
      runDueJobs(resolvingDeps(), second, jobHandlers),
    ]);
    expect(await table.store.payments.get(scope, unresolved.token)).toMatchObject({
      state: 'captured',
      processorReference: 'psp_found',
    });
    expect(await balanceOf(scope)).toBe(1000 - 48);
    expect(await table.store.schedule.due(jobKinds.paymentRecovery, new Date(Date.now() + hour))).toEqual([]);
    const events = (await table.store.events.list(scope, 1)).items.map((e) => e.type);
    expect(events).toEqual(['charge.captured']);
  });
});

describe('an unknown outcome whose cancel by our reference was taken', () => {
  /** A processor that resolves by cancelling (Adyen's `received`): it proves only that the cancel was taken. */
  const cancelling = () => {
    const simulator = simulatedProcessorOf()(newScope());
    const refunded: string[] = [];
    const processor: AccountProcessor = {
      ...simulator,
      resolve: async () => ({ outcome: 'cancel_requested', processorReference: 'psp_cancel' }),
      refund: async ({ refundToken }) => {
        refunded.push(refundToken);
        return { outcome: 'pending' };
      },
    };
    return { refunded, deps: (): RuntimeDeps => ({ ...deps(), processorOf: () => processor }) };
  };

  const cancellation = (scope: Scope, payment: Payment, success: boolean): ProcessorNotification => ({
    id: `TECHNICAL_CANCEL:psp_cancel_${payment.token}:${success}`,
    kind: 'cancellation',
    event: 'TECHNICAL_CANCEL',
    success,
    reference: referenceOf(scope, payment.token),
    processorReference: `psp_cancel_${payment.token}`,
    paymentProcessorReference: `psp_payment_${payment.token}`,
    amount: { amount: 1000, currency: 'AUD' },
    occurredAt: new Date().toISOString(),
    live: false,
  });

  /** The events that name `token`, oldest first. */
  const eventsOf = async (scope: Scope, token: string) =>
    (await table.store.events.list(scope, 1)).items
      .filter((e) => JSON.stringify(e.data).includes(token))
      .map((e) => e.type)
      .reverse();

  it('stays Pending after its recovery job, until the cancellation says it was taken: then failed, nothing taken', async () => {
    const scope = newScope();
    const { deps: cancellingDeps } = cancelling();
    const unresolved = await charge(scope, processorOutcomeCards.unknownOutcome);
    await runDueJobs(cancellingDeps(), new Date(Date.now() + 3 * minute), jobHandlers);
    expect(await table.store.payments.get(scope, unresolved.token)).toMatchObject({
      state: 'processing',
      unresolvedSince: expect.any(String),
    });
    expect(await eventsOf(scope, unresolved.token)).toEqual([]);

    expect(await apply(cancellation(scope, unresolved, true))).toBe('applied');
    expect(await apply(cancellation(scope, unresolved, true))).toBe('unchanged');
    expect(await table.store.payments.get(scope, unresolved.token)).toMatchObject({
      state: 'failed',
      decline: 'gateway_error',
      processorOutcome: { code: 'cancelled' },
    });
    expect(await eventsOf(scope, unresolved.token)).toEqual(['charge.failed']);
    expect(await balanceOf(scope)).toBe(0);
    // Carried out, nothing stood: a refusal told after it refunds nothing (not one an earlier
    // version failed when the cancel was only taken).
    expect(await apply(cancellation(scope, unresolved, false))).toBe('unchanged');
  });

  it('approved by its authorisation first, then the cancel carried out: nothing was taken, so the charge fails and its proceeds leave', async () => {
    const scope = newScope();
    const { deps: cancellingDeps } = cancelling();
    const unresolved = await charge(scope, processorOutcomeCards.unknownOutcome);
    await runDueJobs(cancellingDeps(), new Date(Date.now() + 3 * minute), jobHandlers);
    const authorised: ProcessorNotification = {
      ...cancellation(scope, unresolved, true),
      id: `AUTHORISATION:psp_payment_${unresolved.token}:true`,
      kind: 'authorisation',
      event: 'AUTHORISATION',
      processorReference: `psp_payment_${unresolved.token}`,
    };
    delete authorised.paymentProcessorReference;
    expect(await apply(authorised)).toBe('applied');
    expect(await balanceOf(scope)).toBe(1000 - 48);
    expect(await apply(cancellation(scope, unresolved, true))).toBe('applied');
    expect(await apply(cancellation(scope, unresolved, true))).toBe('unchanged');
    expect(await table.store.payments.get(scope, unresolved.token)).toMatchObject({
      state: 'failed',
      capturedAt: null,
    });
    expect(await balanceOf(scope)).toBe(0);
    expect((await eventsOf(scope, unresolved.token)).sort()).toEqual(['charge.captured', 'charge.failed']);
  });

  it('refused, the payment stood: it is captured and credited from our records, nothing refunded', async () => {
    const scope = newScope();
    const { deps: cancellingDeps, refunded } = cancelling();
    const unresolved = await charge(scope, processorOutcomeCards.unknownOutcome);
    await runDueJobs(cancellingDeps(), new Date(Date.now() + 3 * minute), jobHandlers);
    const refusedCancel = cancellation(scope, unresolved, false);
    const applyWith = () => applyProcessorNotification(cancellingDeps(), 'test', refusedCancel);
    expect(await applyWith()).toBe('applied');
    expect(await applyWith()).toBe('unchanged');
    expect(await table.store.payments.get(scope, unresolved.token)).toMatchObject({
      state: 'captured',
      amount: 1000,
      processorReference: `psp_payment_${unresolved.token}`,
    });
    expect(await eventsOf(scope, unresolved.token)).toEqual(['charge.captured']);
    expect(await balanceOf(scope)).toBe(1000 - 48);
    expect(refunded).toEqual([]);
    // Its recovery job then finds nothing to do.
    await runDueJobs(cancellingDeps(), new Date(Date.now() + 20 * minute), jobHandlers);
    expect(await table.store.payments.get(scope, unresolved.token)).toMatchObject({ state: 'captured' });
  });
});

describe("a failed cancellation of an unknown outcome's payment failed before its notification was awaited", () => {
  it('refunds what stood at the processor in full, once, however often it is told', async () => {
    const scope = newScope();
    const refunds: { refundToken: string; processorReference: string; amount: number }[] = [];
    const simulator = simulatedProcessorOf()(scope);
    const processor: AccountProcessor = {
      ...simulator,
      refund: async (input) => {
        refunds.push({
          refundToken: input.refundToken,
          processorReference: input.processorReference,
          amount: input.amount,
        });
        return { outcome: 'pending' };
      },
    };
    const withRefunds = (): RuntimeDeps => ({ ...deps(), processorOf: () => processor });
    const unresolved = await charge(scope, processorOutcomeCards.unknownOutcome);
    // As a payment resolved before the cancel's notification was awaited was left: failed when
    // the cancel was only taken.
    const now = new Date();
    const { unresolvedSince: _, ...rest } = unresolved;
    await table.store.payments.commit(
      scope,
      settlementChanges({
        before: unresolved,
        after: {
          ...rest,
          state: 'failed',
          decline: 'gateway_error',
          processorOutcome: {
            code: cancelledByReference,
            reason: 'Cancelled at the processor by our reference',
          },
        },
        event: newEvent(randomIds, 'charge.failed', {}, now.toISOString()),
        recovery: { by: 'own' },
        now,
      }),
      now,
    );
    expect(await table.store.payments.get(scope, unresolved.token)).toMatchObject({
      state: 'failed',
      decline: 'gateway_error',
    });
    const failedCancel: ProcessorNotification = {
      id: `CANCELLATION:${unresolved.token}:false`,
      kind: 'cancellation',
      event: 'CANCELLATION',
      success: false,
      reference: referenceOf(scope, unresolved.token),
      processorReference: 'psp_cancel',
      paymentProcessorReference: 'psp_payment',
      amount: { amount: 1, currency: 'XXX' },
      occurredAt: new Date().toISOString(),
      live: false,
    };
    const apply = () => applyProcessorNotification(withRefunds(), 'test', failedCancel);
    expect(await apply()).toBe('applied');
    expect(await apply()).toBe('applied');
    // The same derived token both times: the processor refunds once.
    expect(refunds).toHaveLength(2);
    expect(new Set(refunds.map((r) => r.refundToken)).size).toBe(1);
    expect(refunds[0]).toMatchObject({ processorReference: 'psp_payment', amount: 1000 });
    // A successful cancellation, or one of a payment that was not cancelled by us, changes nothing.
    expect(await applyProcessorNotification(withRefunds(), 'test', { ...failedCancel, success: true })).toBe(
      'unchanged',
    );
    const paid = await charge(scope, successCards.visa);
    expect(
      await applyProcessorNotification(withRefunds(), 'test', {
        ...failedCancel,
        reference: referenceOf(scope, paid.token),
        paymentProcessorReference: paid.processorReference!,
      }),
    ).toBe('unchanged');
    // Naming another payment's processor reference, it is not this one's at all.
    expect(
      await applyProcessorNotification(withRefunds(), 'test', {
        ...failedCancel,
        reference: referenceOf(scope, paid.token),
      }),
    ).toBe('not_ours');
    expect(refunds).toHaveLength(2);
  });
});
