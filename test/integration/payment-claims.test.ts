import {
  type ModificationOutcome,
  merchantEntitlement,
  type Payment,
  type PaymentKind,
  type PinError,
  type ProcessorNotification,
  processorReferenceOf,
  type Scope,
} from '@wattle/domain';
import { applyProcessorNotification, captureAuthorisation, captureCharge, voidPayment } from '@wattle/flows';
import type { BalanceStore, DisputesStore, EventsStore, PaymentsStore, RefundsStore } from '@wattle/ports';
import { randomIds } from '@wattle/runtime';
import { describe, expect, it } from 'vitest';
import { fakeProcessor, processorDeps } from '../fakes/processor.ts';
import { virtualPacing } from '../fakes/system.ts';
import { aPayment } from '../helpers/builders.ts';
import { memoryStore, settledPayment } from '../helpers/memory-store.ts';
import { useTable } from '../helpers/table.ts';

// A void or a capture claims its payment before it asks the processor: of two racing on one
// authorised payment, the loser never reaches the processor. What the acquirer tells afterwards
// is applied, also where it contradicts what Wattle believed. On both store engines.
const table = useTable();
/** The parts of a store these tests use, by their names in both engines. */
interface Parts {
  payments: PaymentsStore;
  refunds: RefundsStore;
  disputes: DisputesStore;
  balance: BalanceStore;
  events: EventsStore;
}
const engines: [string, () => Parts][] = [
  ['dynamodb', () => table.store],
  ['memory', () => memoryStore()],
];

const day = 86_400_000;
const newScope = (): Scope => ({ accountId: randomIds.token('acct'), environment: 'live' });
const clock = { now: () => new Date() };

/** An authorised payment of `kind` in the store, as a payment request leaves it (with its lease). */
const authorised = async (payments: PaymentsStore, scope: Scope, kind: PaymentKind): Promise<Payment> => {
  const now = new Date();
  const payment = aPayment({
    kind,
    token: randomIds.token(kind === 'charge' ? 'ch' : 'auth'),
    createdAt: now.toISOString(),
    processorReference: 'psp_authorised',
    expiresAt: new Date(now.getTime() + 5 * day).toISOString(),
  });
  await settledPayment({ payments }, scope, payment, now);
  return payment;
};

/** A processor whose captures (or voids) wait until `release` is called: the acquirer slow to answer. */
const slowProcessor = () => {
  const processor = fakeProcessor();
  let release: (answer: ModificationOutcome) => void = () => {};
  const held = new Promise<ModificationOutcome>((resolve) => {
    release = resolve;
  });
  let reached: () => void = () => {};
  const asked = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const hold =
    <A>(record: (input: A) => void) =>
    async (input: A) => {
      record(input);
      reached();
      return held;
    };
  return { processor, hold, release: (answer: ModificationOutcome) => release(answer), asked };
};

const refusal = (code: string) => expect.objectContaining({ code }) as unknown as PinError;

describe.each(engines)('a void and a capture racing on one authorised payment (%s)', (_engine, storeOf) => {
  const paymentsOf = () => storeOf().payments;
  const depsOver = (processor: ReturnType<typeof fakeProcessor>, payments: PaymentsStore) => ({
    payments,
    ...processorDeps(processor),
    ids: randomIds,
    clock,
  });

  it('asks the processor once, for the capture that came first: the void loses with already_captured', async () => {
    const payments = paymentsOf();
    const scope = newScope();
    const authorisation = await authorised(payments, scope, 'authorisation');
    const slow = slowProcessor();
    slow.processor.capture = slow.hold(({ paymentToken, amount }) => {
      slow.processor.captured.push({ reference: paymentToken, amount });
    });
    const deps = depsOver(slow.processor, payments);
    const capturing = captureAuthorisation(deps, scope, authorisation.token, 600);
    await slow.asked;
    await expect(voidPayment(deps, scope, 'authorisation', authorisation.token)).rejects.toEqual(
      refusal('already_captured'),
    );
    slow.release({ outcome: 'pending' });
    const charge = await capturing;
    expect(charge).toMatchObject({ state: 'captured', amount: 600, capturePending: true });
    expect(slow.processor.captured).toEqual([{ reference: authorisation.token, amount: 600 }]);
    expect(slow.processor.voided).toEqual([]);
    const after = await payments.get(scope, authorisation.token);
    expect(after).toMatchObject({ state: 'captured', captureChargeToken: charge.token });
    expect(after?.claim).toBeUndefined();
    expect((await payments.get(scope, charge.token))?.claim).toBeUndefined();
  });

  it('asks the processor once, for the void that came first: the capture loses with already_voided', async () => {
    const payments = paymentsOf();
    const scope = newScope();
    const charge = await authorised(payments, scope, 'charge');
    const slow = slowProcessor();
    slow.processor.void = slow.hold(({ paymentToken }) => {
      slow.processor.voided.push(paymentToken);
    });
    const deps = depsOver(slow.processor, payments);
    const voiding = voidPayment(deps, scope, 'charge', charge.token);
    await slow.asked;
    await expect(captureCharge(deps, scope, charge.token, undefined)).rejects.toEqual(
      refusal('already_voided'),
    );
    slow.release({ outcome: 'succeeded' });
    expect(await voiding).toMatchObject({ state: 'voided' });
    expect(slow.processor.voided).toEqual([charge.token]);
    expect(slow.processor.captured).toEqual([]);
  });

  it('gives the payment back when the processor refuses: the other action is then asked', async () => {
    const payments = paymentsOf();
    const scope = newScope();
    const authorisation = await authorised(payments, scope, 'authorisation');
    const processor = fakeProcessor();
    processor.modification = { outcome: 'failed', raw: { code: '422', reason: 'Not capturable' } };
    const deps = depsOver(processor, payments);
    await expect(captureAuthorisation(deps, scope, authorisation.token, 1000)).rejects.toEqual(
      refusal('processing_error'),
    );
    expect((await payments.get(scope, authorisation.token))?.claim).toBeUndefined();
    processor.modification = { outcome: 'succeeded' };
    expect(await voidPayment(deps, scope, 'authorisation', authorisation.token)).toMatchObject({
      state: 'voided',
    });
    expect(processor.voided).toEqual([authorisation.token]);
  });

  it('keeps the claim after an unknown answer: the same capture asks again, a void loses without asking', async () => {
    const payments = paymentsOf();
    const scope = newScope();
    const authorisation = await authorised(payments, scope, 'authorisation');
    const processor = fakeProcessor();
    processor.modification = { outcome: 'unknown', reason: 'Timed out' };
    const deps = depsOver(processor, payments);
    await expect(captureAuthorisation(deps, scope, authorisation.token, 700)).rejects.toEqual(
      refusal('service_unavailable'),
    );
    expect((await payments.get(scope, authorisation.token))?.claim).toEqual({
      action: 'capture',
      amount: 700,
    });
    await expect(voidPayment(deps, scope, 'authorisation', authorisation.token)).rejects.toEqual(
      refusal('already_captured'),
    );
    // Another amount is another capture: it loses too.
    await expect(captureAuthorisation(deps, scope, authorisation.token, 500)).rejects.toEqual(
      refusal('already_captured'),
    );
    processor.modification = { outcome: 'succeeded' };
    expect(await captureAuthorisation(deps, scope, authorisation.token, 700)).toMatchObject({
      state: 'captured',
      amount: 700,
    });
    expect(processor.captured).toEqual([
      { reference: authorisation.token, amount: 700 },
      { reference: authorisation.token, amount: 700 },
    ]);
    expect(processor.voided).toEqual([]);
  });
});

/** A logger that keeps its WARN lines (what an operator is told to act on). */
const recordingLogger = () => {
  const warnings: { message: string; attributes: Record<string, unknown> }[] = [];
  const none = () => {};
  return {
    warnings,
    debug: none,
    info: none,
    error: none,
    warn: (message: string, ...attributes: Record<string, unknown>[]) => {
      warnings.push({ message, attributes: Object.assign({}, ...attributes) });
    },
  };
};

/** The flows over `store` with the fake processor and a recording logger, and `apply` for a live notification. */
const notified = (store: Parts) => {
  const processor = fakeProcessor();
  const logger = recordingLogger();
  const deps = {
    ...store,
    ...processorDeps(processor),
    logger,
    ids: randomIds,
    clock,
    pacing: virtualPacing(),
  };
  const apply = (notification: ProcessorNotification) =>
    applyProcessorNotification(deps, 'live', notification);
  return { store, processor, logger, deps, apply };
};

describe.each(engines)(
  "the acquirer's notifications that contradict what Wattle believed (%s)",
  (_engine, storeOf) => {
    const setUp = () => notified(storeOf());

    /** A notification about our `token`, the payment's own processor reference named (`originalReference`). */
    const notice = (
      scope: Scope,
      token: string,
      kind: ProcessorNotification['kind'],
      success: boolean,
      overrides: Partial<ProcessorNotification> = {},
    ): ProcessorNotification => {
      const processorReference = `psp_${randomIds.token('ch')}`;
      return {
        id: `${kind}:${processorReference}:${success}`,
        kind,
        event: kind.toUpperCase(),
        success,
        reference: processorReferenceOf(scope.accountId, token),
        processorReference,
        paymentProcessorReference: 'psp_authorised',
        amount: { amount: 1000, currency: 'AUD' },
        occurredAt: new Date().toISOString(),
        live: true,
        ...overrides,
      };
    };

    const credited = async (store: Parts, scope: Scope) => {
      const ledger = await store.balance.ledger(scope, 'AUD', new Date(Date.now() + 30 * day));
      return ledger.available + ledger.unsettled;
    };

    /** The event types recorded, in no order (several can share a millisecond). */
    const eventTypes = async (store: Parts, scope: Scope) =>
      (await store.events.list(scope, 1)).items.map((e) => e.type).sort();

    it('a capture the acquirer made before the void it refused: the authorisation is captured with its charge, the merchant credited', async () => {
      const { store, apply, deps, logger } = setUp();
      const scope = newScope();
      const authorisation = await authorised(store.payments, scope, 'authorisation');
      expect(await voidPayment(deps, scope, 'authorisation', authorisation.token)).toMatchObject({
        state: 'voided',
      });
      const capture = notice(scope, authorisation.token, 'capture', true);
      expect(await apply(capture)).toBe('applied');
      expect(await apply(capture)).toBe('unchanged');
      const after = await store.payments.get(scope, authorisation.token);
      expect(after).toMatchObject({
        state: 'captured',
        amountCaptured: 1000,
        captureChargeToken: expect.any(String),
      });
      const charge = await store.payments.get(scope, after!.captureChargeToken!);
      expect(charge).toMatchObject({
        kind: 'charge',
        state: 'captured',
        amount: 1000,
        authorisationToken: authorisation.token,
      });
      expect(await credited(store, scope)).toBe(merchantEntitlement(charge!));
      expect(await eventTypes(store, scope)).toEqual(['charge.captured', 'charge.captured', 'charge.voided']);
      expect(logger.warnings.map((w) => w.attributes.payment)).toContain(authorisation.token);
      // Its failed cancellation, after: the payment is captured, nothing more to do.
      expect(await apply(notice(scope, authorisation.token, 'cancellation', false))).toBe('unchanged');
    });

    it('a void the acquirer refused: the payment stood, authorised again, and can be voided or captured again', async () => {
      const { store, apply, deps, processor, logger } = setUp();
      const scope = newScope();
      const charge = await authorised(store.payments, scope, 'charge');
      await voidPayment(deps, scope, 'charge', charge.token);
      const refused = notice(scope, charge.token, 'cancellation', false, { reason: 'Not cancellable' });
      expect(await apply(refused)).toBe('applied');
      expect(await apply(refused)).toBe('unchanged');
      expect(await store.payments.get(scope, charge.token)).toMatchObject({
        state: 'authorised',
        voidedAt: null,
      });
      expect(logger.warnings.map((w) => w.attributes.payment)).toContain(charge.token);
      expect(await eventTypes(store, scope)).toEqual([
        'charge.authorised',
        'charge.captured',
        'charge.voided',
      ]);
      expect(await voidPayment(deps, scope, 'charge', charge.token)).toMatchObject({ state: 'voided' });
      expect(processor.voided).toEqual([charge.token, charge.token]);
    });

    it("settles a void or capture whose answer was lost by its notification, from the claim (never the notification's amount)", async () => {
      const { store, apply, deps, processor } = setUp();
      const scope = newScope();
      processor.modification = { outcome: 'unknown', reason: 'Timed out' };
      const voiding = await authorised(store.payments, scope, 'charge');
      await expect(voidPayment(deps, scope, 'charge', voiding.token)).rejects.toMatchObject({
        code: 'service_unavailable',
      });
      expect(await apply(notice(scope, voiding.token, 'cancellation', true))).toBe('applied');
      const voided = await store.payments.get(scope, voiding.token);
      expect(voided).toMatchObject({ state: 'voided' });
      expect(voided?.claim).toBeUndefined();

      const capturing = await authorised(store.payments, scope, 'authorisation');
      await expect(captureAuthorisation(deps, scope, capturing.token, 700)).rejects.toMatchObject({
        code: 'service_unavailable',
      });
      expect(await apply(notice(scope, capturing.token, 'capture', true))).toBe('applied');
      const captured = await store.payments.get(scope, capturing.token);
      expect(captured).toMatchObject({ state: 'captured', amountCaptured: 700 });
      expect(captured?.claim).toBeUndefined();
      expect(await store.payments.get(scope, captured!.captureChargeToken!)).toMatchObject({
        state: 'captured',
        amount: 700,
      });
    });

    it('a capture the acquirer refused later gives its claim back: the payment can then be voided', async () => {
      const { store, apply, deps, processor } = setUp();
      const scope = newScope();
      processor.modification = { outcome: 'unknown', reason: 'Timed out' };
      const authorisation = await authorised(store.payments, scope, 'authorisation');
      await expect(captureAuthorisation(deps, scope, authorisation.token, 1000)).rejects.toMatchObject({
        code: 'service_unavailable',
      });
      expect(await apply(notice(scope, authorisation.token, 'capture_failed', true))).toBe('applied');
      const after = await store.payments.get(scope, authorisation.token);
      expect(after).toMatchObject({ state: 'authorised' });
      expect(after?.claim).toBeUndefined();
      processor.modification = { outcome: 'succeeded' };
      expect(await voidPayment(deps, scope, 'authorisation', authorisation.token)).toMatchObject({
        state: 'voided',
      });
    });

    it("leaves alone, and logs, a notification whose payment reference is not the payment's own", async () => {
      const { store, apply, deps, processor, logger } = setUp();
      const scope = newScope();
      processor.modification = { outcome: 'pending' };
      const charge = await authorised(store.payments, scope, 'charge');
      await captureCharge(deps, scope, charge.token, undefined);
      const elsewhere = notice(scope, charge.token, 'capture_failed', true, {
        paymentProcessorReference: 'psp_other',
      });
      expect(await apply(elsewhere)).toBe('not_ours');
      expect(await store.payments.get(scope, charge.token)).toMatchObject({
        state: 'captured',
        capturePending: true,
      });
      expect(logger.warnings).toContainEqual({
        message: expect.stringContaining('processor reference'),
        attributes: expect.objectContaining({
          payment: charge.token,
          paymentProcessorReference: 'psp_other',
        }),
      });
      // Its own is applied.
      expect(await apply(notice(scope, charge.token, 'capture_failed', true))).toBe('applied');
      expect(await store.payments.get(scope, charge.token)).toMatchObject({ state: 'failed' });
    });
  },
);

describe.each(engines)(
  'the refund of a charge whose cancel by reference failed, the payment having stood (%s)',
  (_engine, storeOf) => {
    it('is a refund object of its own: its REFUND_FAILED notification is ours, logged, and moves no balance', async () => {
      const { store, processor, logger, apply } = notified(storeOf());
      const refunded: string[] = [];
      processor.refund = async ({ refundToken }) => {
        refunded.push(refundToken);
        return { outcome: 'pending' };
      };
      const scope = newScope();
      const now = new Date();
      // As an earlier version left it: failed when its cancel by reference was only taken.
      const charge = aPayment({
        token: randomIds.token('ch'),
        state: 'failed',
        decline: 'gateway_error',
        totalFees: null,
        expiresAt: null,
        createdAt: now.toISOString(),
        processorOutcome: { code: 'voided', reason: 'Cancelled at the processor by our reference' },
      });
      await settledPayment({ payments: store.payments }, scope, charge, now);
      const refusedCancel: ProcessorNotification = {
        id: `TECHNICAL_CANCEL:psp_cancel:false`,
        kind: 'cancellation',
        event: 'TECHNICAL_CANCEL',
        success: false,
        reference: processorReferenceOf(scope.accountId, charge.token),
        processorReference: 'psp_cancel',
        paymentProcessorReference: 'psp_stood',
        amount: { amount: 1000, currency: 'AUD' },
        occurredAt: now.toISOString(),
        live: true,
      };
      expect(await apply(refusedCancel)).toBe('applied');
      expect(await apply(refusedCancel)).toBe('applied');
      expect(new Set(refunded).size).toBe(1);
      const token = refunded[0]!;
      expect(await store.refunds.get(scope, token)).toMatchObject({
        token,
        chargeToken: charge.token,
        amount: 1000,
        state: 'pending',
        ofStoodPayment: true,
      });
      const failedRefund: ProcessorNotification = {
        ...refusedCancel,
        id: 'REFUND_FAILED:psp_refund:true',
        kind: 'refund_failed',
        event: 'REFUND_FAILED',
        success: true,
        reference: processorReferenceOf(scope.accountId, token),
        processorReference: 'psp_refund',
        reason: 'Card closed',
      };
      expect(await apply(failedRefund)).toBe('applied');
      expect(await apply(failedRefund)).toBe('unchanged');
      expect(await store.refunds.get(scope, token)).toMatchObject({
        state: 'failed',
        errorMessage: 'Card closed',
      });
      expect(logger.warnings).toContainEqual({
        message: expect.stringContaining('stood payment'),
        attributes: expect.objectContaining({ payment: charge.token, refund: token }),
      });
      // Nothing of the merchant's moved: the charge failed, and stays so.
      expect(await store.payments.get(scope, charge.token)).toMatchObject({
        state: 'failed',
        amountRefunded: 0,
      });
      expect(await store.balance.read(scope, now)).toEqual([]);
    });
  },
);
