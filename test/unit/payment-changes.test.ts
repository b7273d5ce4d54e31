import {
  authorisationCapture,
  cancellationAnswer,
  captureConfirmed,
  captureFailed,
  captureOutcomeOf,
  newEvent,
  type Payment,
  type PaymentOrder,
  reservationOf,
  reservedPayment,
  settledWith,
  settlementOf,
  threeDSecureDeclined,
  transitionOf,
  unresolvedOf,
  voidedPayment,
  withResolutionRetry,
} from '@wattle/domain';
import { describe, expect, it } from 'vitest';
import { sequentialIds } from '../fakes/system.ts';
import { aCard, aPaymentOrder } from '../helpers/builders.ts';

// The changes a payment's write makes are the domain's decision: each outcome is one list, in the
// order the store's transaction lists its items.
const reservedAt = new Date('2026-11-21T00:00:00.250Z');
const settledAt = new Date('2026-11-21T00:00:01.500Z');
const source = { card: aCard(), owner: { customerToken: null, primary: null }, customerToken: null };
const order: PaymentOrder = aPaymentOrder();
const ask = { enabled: true, callbackUrl: 'https://shop.example/back', fallbackOk: false };
const event = newEvent(sequentialIds(), 'charge.captured', { token: 'ch_1' }, '2026-11-21T00:00:01Z');
const noTokens = { cardToken: null, paymentSourceToken: null };
const approved = { outcome: 'approved', processorReference: 'psp_1' } as const;
const declined = {
  outcome: 'declined',
  decline: 'card_declined',
  raw: { code: 'Refused', reason: 'Refused' },
} as const;

const aCharge = (overrides: Partial<Payment> = {}): Payment => ({
  ...reservedPayment(order, 'ch_1', source, null, reservedAt),
  ...overrides,
});
const anAuthorisation = (): Payment =>
  reservedPayment({ ...order, kind: 'authorisation', capture: false }, 'auth_1', source, null, reservedAt);
const recoveryJob = (dueAt: string) => ({ job: 'payment-recovery', token: 'ch_1', dueAt: new Date(dueAt) });

describe("a reservation's changes", () => {
  it('reserve the payment unlisted, use up its card token and schedule its recovery two minutes on', () => {
    const payment = aCharge();
    expect(
      reservationOf({
        payment,
        sealedNumber: 'sealed',
        uses: { cardToken: 'tok_1', paymentSourceToken: null },
        recovery: 'own',
      }),
    ).toEqual([
      { kind: 'reservation', payment, sealedNumber: 'sealed', listed: false },
      { kind: 'card-token-use', cardToken: 'tok_1' },
      { kind: 'schedule-job', job: recoveryJob('2026-11-21T00:02:00Z') },
    ]);
  });

  it('list a charge waiting for 3-D Secure at once, with its session, recovered at the session’s end', () => {
    const payment = reservedPayment(order, 'ch_1', source, { sessionToken: 'se_1', ask }, reservedAt);
    expect(
      reservationOf({
        payment,
        sealedNumber: 'sealed',
        uses: { cardToken: null, paymentSourceToken: 'ps_1' },
        recovery: 'own',
      }),
    ).toEqual([
      { kind: 'reservation', payment, sealedNumber: 'sealed', listed: true },
      { kind: 'payment-source-use', paymentSourceToken: 'ps_1' },
      { kind: 'session', sessionToken: 'se_1', paymentToken: 'ch_1' },
      { kind: 'schedule-job', job: recoveryJob('2026-11-21T00:30:00Z') },
    ]);
  });

  it("schedule no recovery for a bill's charge: the bill's recovery job stands for it", () => {
    const payment = aCharge();
    expect(reservationOf({ payment, sealedNumber: 'sealed', uses: noTokens, recovery: 'bill' })).toEqual([
      { kind: 'reservation', payment, sealedNumber: 'sealed', listed: false },
    ]);
  });
});

describe("a settlement's changes", () => {
  it('of an approved capture: the charge listed where it was reserved, its proceeds, its recovery ended', () => {
    const before = aCharge();
    const after = settledWith(before, approved, settledAt);
    expect(after).toMatchObject({ state: 'captured', totalFees: 48 });
    expect(
      settlementOf({ before, after, event, recovery: { by: 'own' }, reservedAt, now: settledAt }),
    ).toEqual([
      { kind: 'payment', payment: after, from: 'processing', listing: { joins: true, reservedAt } },
      {
        kind: 'balance-credit',
        currency: 'AUD',
        settlesOn: '2026-11-26',
        credit: {
          position: '2026-11-21T00:00:01.500Z#ch_1',
          chargeToken: 'ch_1',
          description: after.description,
          amount: 1000,
          totalFees: 48,
          merchantEntitlement: 952,
          createdAt: '2026-11-21T00:00:00Z',
        },
      },
      // Reserved by this writer: its job is only where this code keeps one.
      { kind: 'end-job', job: recoveryJob('2026-11-21T00:02:00Z'), scheduledHere: true },
      { kind: 'event', event },
    ]);
  });

  it('of an approved authorisation: its lease on the funds until it expires, no proceeds', () => {
    const before = anAuthorisation();
    const after = settledWith(before, approved, settledAt);
    expect(settlementOf({ before, after, event, recovery: { by: 'own' }, now: settledAt })).toEqual([
      { kind: 'payment', payment: after, from: 'processing', listing: { joins: true, reservedAt: null } },
      { kind: 'lease', paymentToken: 'auth_1', until: new Date('2026-11-26T00:00:00Z') },
      { kind: 'end-job', job: { ...recoveryJob('2026-11-21T00:02:00Z'), token: 'auth_1' } },
      { kind: 'event', event },
    ]);
  });

  it('of a decline: the failed charge and its event, nothing credited or leased', () => {
    const before = aCharge();
    const after = settledWith(before, declined, settledAt);
    expect(
      settlementOf({ before, after, event, recovery: { by: 'own' }, reservedAt, now: settledAt }),
    ).toEqual([
      { kind: 'payment', payment: after, from: 'processing', listing: { joins: true, reservedAt } },
      // Reserved by this writer: its job is only where this code keeps one.
      { kind: 'end-job', job: recoveryJob('2026-11-21T00:02:00Z'), scheduledHere: true },
      { kind: 'event', event },
    ]);
  });

  it('of a charge declined at 3-D Secure: from pending_3ds, already listed, its session-end job ended', () => {
    const before = reservedPayment(order, 'ch_1', source, { sessionToken: 'se_1', ask }, reservedAt);
    const after = threeDSecureDeclined(before);
    expect(settlementOf({ before, after, event, recovery: { by: 'own' }, now: settledAt })).toEqual([
      { kind: 'payment', payment: after, from: 'pending_3ds', listing: { joins: false } },
      { kind: 'end-job', job: recoveryJob('2026-11-21T00:30:00Z') },
      { kind: 'event', event },
    ]);
  });

  it("by the recovery job's run: the job claimed first, as the run read it, and not ended again", () => {
    const before = aCharge();
    const after = settledWith(before, declined, settledAt);
    const dueAt = new Date('2026-11-21T00:02:00Z');
    const changes = settlementOf({ before, after, event, recovery: { by: 'run', dueAt }, now: settledAt });
    expect(changes).toEqual([
      { kind: 'claim-job', job: recoveryJob('2026-11-21T00:02:00Z') },
      { kind: 'payment', payment: after, from: 'processing', listing: { joins: true, reservedAt: null } },
      { kind: 'event', event },
    ]);
  });

  it("of a bill's charge: no job of its own to end (the bill's change, added by billing, ends the bill's)", () => {
    const before = aCharge();
    const after = settledWith(before, approved, settledAt);
    const changes = settlementOf({
      before,
      after,
      event,
      recovery: { by: 'bill' },
      reservedAt,
      now: settledAt,
    });
    expect(changes.map((c) => c.kind)).toEqual(['payment', 'balance-credit', 'event']);
  });

  it("of a capture on a dispute test card: its dispute's opening scheduled two days on", () => {
    const before = aCharge({ disputeCase: { category: 'general' } });
    const after = settledWith(before, approved, settledAt);
    const changes = settlementOf({
      before,
      after,
      event,
      recovery: { by: 'own' },
      reservedAt,
      now: settledAt,
    });
    expect(changes.filter((c) => c.kind === 'schedule-job')).toEqual([
      {
        kind: 'schedule-job',
        job: { job: 'dispute-opening', token: 'ch_1', dueAt: new Date('2026-11-23T00:00:00Z') },
      },
    ]);
  });
});

describe("a void's or a capture's changes", () => {
  it('of a void: the lease used up, the payment from authorised, its event', () => {
    const after = voidedPayment(settledWith(anAuthorisation(), approved, settledAt), settledAt);
    expect(transitionOf({ after, event, now: settledAt })).toEqual([
      { kind: 'lease-use', paymentToken: 'auth_1' },
      { kind: 'payment', payment: after, from: 'authorised', listing: { joins: false } },
      { kind: 'event', event },
    ]);
  });

  it("of an authorisation's capture: the charge it makes, credited with its own proceeds", () => {
    const capture = authorisationCapture(
      settledWith(anAuthorisation(), approved, settledAt),
      600,
      'ch_2',
      settledAt,
    );
    const changes = transitionOf({
      after: capture.authorisation,
      charge: capture.charge,
      event,
      now: settledAt,
    });
    expect(changes.map((c) => c.kind)).toEqual([
      'lease-use',
      'payment',
      'capture-charge',
      'balance-credit',
      'event',
    ]);
    expect(changes[2]).toEqual({ kind: 'capture-charge', charge: capture.charge });
    expect(changes[3]).toMatchObject({
      kind: 'balance-credit',
      settlesOn: '2026-11-26',
      credit: { chargeToken: 'ch_2', amount: 600, position: '2026-11-21T00:00:01.500Z#ch_2' },
    });
  });
});

describe("an unknown answer's changes", () => {
  const unknown = { outcome: 'unknown', reason: 'Timed out' } as const;

  it('at creation: the payment stays processing, joins its lists, keeps its recovery job; no event', () => {
    const before = aCharge();
    const after = settledWith(before, unknown, settledAt);
    expect(after).toMatchObject({ state: 'processing', unresolvedSince: '2026-11-21T00:00:01Z' });
    expect(unresolvedOf({ before, after, recovery: { by: 'own' }, reservedAt })).toEqual([
      { kind: 'payment', payment: after, from: 'processing', listing: { joins: true, reservedAt } },
    ]);
  });

  it("at the recovery job's run: claims the job and schedules it again later, already listed", () => {
    const before = settledWith(aCharge(), unknown, reservedAt);
    const after = withResolutionRetry(settledWith(before, unknown, settledAt), settledAt);
    expect(after.unresolvedSince).toBe(before.unresolvedSince);
    expect(
      unresolvedOf({ before, after, recovery: { by: 'run', dueAt: new Date('2026-11-21T00:02:00Z') } }),
    ).toEqual([
      { kind: 'claim-job', job: recoveryJob('2026-11-21T00:02:00Z') },
      { kind: 'schedule-job', job: recoveryJob('2026-11-21T00:05:01Z') },
      { kind: 'payment', payment: after, from: 'processing', listing: { joins: false } },
    ]);
  });

  it('resolved: settled from processing without joining its lists again, its moved job ended', () => {
    const before = withResolutionRetry(settledWith(aCharge(), unknown, reservedAt), reservedAt);
    // A cancel that was only taken proves nothing: still unresolved.
    expect(settledWith(before, { outcome: 'cancel_requested' }, settledAt)).toMatchObject({
      state: 'processing',
      unresolvedSince: before.unresolvedSince,
    });
    const after = settledWith(before, cancellationAnswer(true, 'psp_cancel'), settledAt);
    expect(after).toMatchObject({
      state: 'failed',
      decline: 'gateway_error',
      processorOutcome: { code: 'cancelled' },
    });
    expect(after).not.toHaveProperty('unresolvedSince');
    const changes = settlementOf({ before, after, event, recovery: { by: 'own' }, now: settledAt });
    expect(changes).toEqual([
      { kind: 'payment', payment: after, from: 'processing', listing: { joins: false } },
      { kind: 'end-job', job: recoveryJob('2026-11-21T00:05:00Z') },
      { kind: 'event', event },
    ]);
  });
});

describe("a pending capture's end", () => {
  const captured = (): Payment => ({
    ...settledWith(aCharge({ captureOnSuccess: true }), approved, settledAt),
    capturePending: true,
  });

  it('confirmed: the charge from captured, no longer pending; nothing else', () => {
    const before = captured();
    const after = captureConfirmed(before);
    expect(after).not.toHaveProperty('capturePending');
    expect(captureOutcomeOf({ before, after })).toEqual([
      { kind: 'payment', payment: after, from: 'captured', listing: { joins: false } },
    ]);
  });

  it('failed: the charge failed without fees, its proceeds debited, its event', () => {
    const before = captured();
    const after = captureFailed(before, { code: 'CAPTURE_FAILED', reason: 'Issuer refused' });
    expect(after).toMatchObject({
      state: 'failed',
      decline: 'processing_error',
      capturedAt: null,
      totalFees: null,
    });
    expect(captureOutcomeOf({ before, after, event })).toEqual([
      { kind: 'payment', payment: after, from: 'captured', listing: { joins: false } },
      { kind: 'balance-debit', currency: 'AUD', amount: 1000 - (before.totalFees ?? 0) },
      { kind: 'event', event },
    ]);
  });
});
