import type { ModificationOutcome, Payment, PaymentKind, PinError, Scope } from '@wattle/domain';
import { captureAuthorisation, captureCharge, voidPayment } from '@wattle/flows';
import type { PaymentsStore } from '@wattle/ports';
import { randomIds } from '@wattle/runtime';
import { describe, expect, it } from 'vitest';
import { fakeProcessor, processorDeps } from '../fakes/processor.ts';
import { aPayment } from '../helpers/builders.ts';
import { memoryStore, settledPayment } from '../helpers/memory-store.ts';
import { useTable } from '../helpers/table.ts';

// A void or a capture claims its payment before it asks the processor: of two racing on one
// authorised payment, the loser never reaches the processor. On both store engines.
const table = useTable();
const engines: [string, () => PaymentsStore][] = [
  ['dynamodb', () => table.store.payments],
  ['memory', () => memoryStore().payments],
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

describe.each(engines)(
  'a void and a capture racing on one authorised payment (%s)',
  (_engine, paymentsOf) => {
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
  },
);
