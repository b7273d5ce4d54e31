import {
  defaultPricing,
  type ErrorCode,
  type Payment,
  type PaymentKind,
  PinError,
  type Scope,
  toTimestamp,
  totalFees,
  transitionRefusal,
} from '@wattle/domain';
import type { RuntimeDeps } from '@wattle/runtime';
import { ConditionFailedError } from '@wattle/store';
import { paymentEvent } from './payment-events.ts';

/** A refused transition answers with the record's token, as Pin's errors do. */
const refused = (code: ErrorCode, payment: Payment): PinError =>
  new PinError(code, {
    extra:
      payment.kind === 'charge' ? { charge_token: payment.token } : { authorisation_token: payment.token },
  });

const load = async (deps: RuntimeDeps, scope: Scope, kind: PaymentKind, token: string): Promise<Payment> => {
  const payment = await deps.store.payments.get(scope, token);
  if (!payment || payment.kind !== kind) throw new PinError('not_found');
  return payment;
};

/**
 * Runs a void or capture: checks the state table, asks the processor (idempotent by token), and
 * commits using up the authorisation lease. The loser of a race reads the winner's state and
 * answers with the matching error.
 */
const transition = async (
  deps: RuntimeDeps,
  scope: Scope,
  payment: Payment,
  action: 'void' | 'capture',
  commit: (now: Date) => Promise<Payment>,
): Promise<Payment> => {
  try {
    return await commit(deps.clock.now());
  } catch (error) {
    if (!(error instanceof ConditionFailedError) || !['lease', 'payment'].includes(error.label)) throw error;
    const now = deps.clock.now();
    const current = (await deps.store.payments.get(scope, payment.token)) ?? payment;
    throw refused(transitionRefusal(current, action, now) ?? 'authorisation_expired', current);
  }
};

/** PUT /charges/{token}/void and PUT /authorisations/{token}/void. */
export const voidPayment = async (
  deps: RuntimeDeps,
  scope: Scope,
  kind: PaymentKind,
  token: string,
): Promise<Payment> => {
  const payment = await load(deps, scope, kind, token);
  const refusal = transitionRefusal(payment, 'void', deps.clock.now());
  if (refusal) throw refused(refusal, payment);
  await deps.processor.void(payment.token);
  return transition(deps, scope, payment, 'void', async (now) => {
    const voided: Payment = { ...payment, state: 'voided', voidedAt: toTimestamp(now) };
    await deps.store.payments.transition(scope, voided, [paymentEvent(deps.ids, voided, now)], now);
    return voided;
  });
};

/** PUT /charges/{token}/capture: the full authorised amount only. */
export const captureCharge = async (
  deps: RuntimeDeps,
  scope: Scope,
  token: string,
  amount: number | undefined,
): Promise<Payment> => {
  const payment = await load(deps, scope, 'charge', token);
  const refusal = transitionRefusal(payment, 'capture', deps.clock.now(), amount);
  if (refusal) throw refused(refusal, payment);
  await deps.processor.capture(payment.token, payment.amount);
  return transition(deps, scope, payment, 'capture', async (now) => {
    const captured: Payment = { ...payment, state: 'captured', capturedAt: toTimestamp(now) };
    await deps.store.payments.transition(scope, captured, [paymentEvent(deps.ids, captured, now)], now);
    return captured;
  });
};

/**
 * POST /authorisations/{token}/charges: captures `amount` (at most what was authorised) as a new
 * charge that names the authorisation; the rest of the reservation is released.
 */
export const captureAuthorisation = async (
  deps: RuntimeDeps,
  scope: Scope,
  token: string,
  amount: number,
): Promise<Payment> => {
  const authorisation = await load(deps, scope, 'authorisation', token);
  const refusal = transitionRefusal(authorisation, 'capture', deps.clock.now());
  if (refusal) throw refused(refusal, authorisation);
  if (amount > authorisation.amount) {
    throw new PinError('invalid_resource', {
      messages: [
        {
          param: 'amount',
          code: 'amount_invalid',
          message: `Amount must be no more than the authorised amount of ${authorisation.amount}`,
        },
      ],
    });
  }
  await deps.processor.capture(authorisation.token, amount);
  return transition(deps, scope, authorisation, 'capture', async (now) => {
    const at = toTimestamp(now);
    const captured: Payment = { ...authorisation, state: 'captured', capturedAt: at, amountCaptured: amount };
    const charge: Payment = {
      ...authorisation,
      kind: 'charge',
      token: deps.ids.token('ch'),
      state: 'captured',
      captureOnSuccess: true,
      amount,
      createdAt: at,
      capturedAt: at,
      expiresAt: null,
      authorisationToken: authorisation.token,
      amountCaptured: 0,
      totalFees: totalFees(defaultPricing, authorisation.card, amount, authorisation.currency),
    };
    await deps.store.payments.transition(scope, captured, [paymentEvent(deps.ids, charge, now)], now, charge);
    return charge;
  });
};
