import { type Payment, PinError, type Scope } from '@wattle/domain';
import type { ScheduledJob } from '@wattle/ports';
import type { RuntimeDeps } from '@wattle/runtime';
import { ConditionFailedError } from '@wattle/store';
import { paymentEvent } from './payment-events.ts';
import { settleWithProcessor } from './settle-payment.ts';

export interface SessionPayment {
  scope: Scope;
  payment: Payment;
}

/** The payment behind a 3-D Secure session, or null when the session does not exist. */
export const sessionPayment = async (
  deps: RuntimeDeps,
  sessionToken: string,
): Promise<SessionPayment | null> => {
  const session = await deps.store.payments.session(sessionToken);
  if (!session) return null;
  const payment = await deps.store.payments.get(session.scope, session.paymentToken);
  return payment ? { scope: session.scope, payment } : null;
};

/**
 * The payer's answer at the simulated issuer page. Authenticated: the card is authorised (and
 * captured) as any charge. Failed: the charge is declined. Either way the payer goes back to the
 * merchant's callback_url with the session token. A second answer changes nothing.
 */
export const completeThreeDSecure = async (
  deps: RuntimeDeps,
  sessionToken: string,
  authenticated: boolean,
): Promise<{ callbackUrl: string; payment: Payment }> => {
  const found = await sessionPayment(deps, sessionToken);
  if (!found?.payment.threeDSecure) throw new PinError('not_found');
  const { scope, payment } = found;
  const callbackUrl = payment.threeDSecure!.callbackUrl;
  if (payment.state !== 'pending_3ds') return { callbackUrl, payment };
  const answered: Payment = {
    ...payment,
    threeDSecure: { ...payment.threeDSecure!, result: authenticated ? 'authenticated' : 'failed' },
  };
  try {
    if (!authenticated) return { callbackUrl, payment: await declineThreeDSecure(deps, scope, answered) };
    const sealedNumber = await deps.store.payments.sealedNumberOf(scope, payment.token);
    if (!sealedNumber) throw new Error(`Payment ${payment.token} has lost its sealed number`);
    const cardNumber = await deps.store.cardTokens.open(scope, { card: payment.card, sealedNumber });
    const settled = await settleWithProcessor(deps, scope, answered, cardNumber, {
      from: 'pending_3ds',
      joinLists: false,
    });
    return { callbackUrl, payment: settled };
  } catch (error) {
    // The payer answered twice at once: the first answer stands.
    if (error instanceof ConditionFailedError && error.label === 'payment') {
      const current = await deps.store.payments.get(scope, payment.token);
      return { callbackUrl, payment: current ?? payment };
    }
    throw error;
  }
};

/**
 * Declines a charge waiting for 3-D Secure (its `result` says why) and drops its card number.
 * With `job` (the recovery job at the session's end) the settlement claims it.
 */
const declineThreeDSecure = async (
  deps: RuntimeDeps,
  scope: Scope,
  payment: Payment,
  job?: ScheduledJob,
): Promise<Payment> => {
  const now = deps.clock.now();
  const failed: Payment = { ...payment, state: 'failed', decline: 'card_declined' };
  await deps.store.payments.settle(
    scope,
    failed,
    paymentEvent(deps.ids, failed, now),
    { from: 'pending_3ds', joinLists: false, leaseExpiresAt: null, job },
    now,
  );
  return failed;
};

/** The session's end with no answer from the payer: the charge is declined. */
export const expireThreeDSecure = (
  deps: RuntimeDeps,
  job: ScheduledJob,
  payment: Payment,
): Promise<Payment> =>
  declineThreeDSecure(
    deps,
    job.scope,
    { ...payment, threeDSecure: payment.threeDSecure && { ...payment.threeDSecure, result: 'expired' } },
    job,
  );
