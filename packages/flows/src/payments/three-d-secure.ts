import {
  type Environment,
  isToken,
  type Payment,
  PinError,
  type Scope,
  tokenPrefixes,
  withThreeDSecureResult,
} from '@wattle/domain';
import { Changed } from '@wattle/ports';
import type { PaymentsDeps } from './deps.ts';
import { completeWithProcessor } from './processor-three-d-secure.ts';
import { reservedCard, settleWithProcessor } from './settle-payment.ts';
import { declineThreeDSecure } from './three-d-secure-decline.ts';

export interface SessionPayment {
  scope: Scope;
  payment: Payment;
}

/**
 * The 3-D Secure charge behind a session, or not_found: no such session, no charge waits on it,
 * or the session is another environment's (a live charge's page is not reached through the test
 * base URL, nor a test one's through live: the two never mix, as the self-service page's links).
 */
export const sessionPayment = async (
  { payments }: Pick<PaymentsDeps, 'payments'>,
  environment: Environment,
  sessionToken: string,
): Promise<SessionPayment> => {
  const session = await payments.session(sessionToken);
  if (!session || session.scope.environment !== environment) throw new PinError('not_found');
  const payment = await payments.get(session.scope, session.paymentToken);
  if (!payment?.threeDSecure) throw new PinError('not_found');
  return { scope: session.scope, payment };
};

/**
 * GET /charges/verify?session_token=: the charge behind a session, in the live environment only
 * (the only one where 3-D Secure runs), and only the merchant's own.
 */
export const verifyThreeDSecure = async (
  deps: Pick<PaymentsDeps, 'payments'>,
  scope: Scope,
  sessionToken: unknown,
): Promise<Payment> => {
  if (scope.environment !== 'live') throw new PinError('transaction_forbidden');
  // A token that cannot exist (another shape, too long for a key) is unknown without a read.
  if (typeof sessionToken !== 'string' || !isToken(sessionToken, tokenPrefixes.session))
    throw new PinError('not_found');
  const session = await deps.payments.session(sessionToken);
  const payment = session && (await deps.payments.get(session.scope, session.paymentToken));
  if (!session || !payment) throw new PinError('not_found');
  if (session.scope.accountId !== scope.accountId || session.scope.environment !== scope.environment) {
    throw new PinError('not_found');
  }
  return payment;
};

/**
 * The payer back at the session's page: `authenticated` is their answer there, `returned` what
 * their return carried. A charge whose processor runs 3-D Secure (it kept the processor's
 * redirect) is completed by the processor with `returned` (completeWithProcessor). One reserved
 * before: authenticated, the card is authorised (and captured) as any charge; failed, it is
 * declined. Either way the payer goes back to the merchant's callback_url with the session token.
 * A second answer changes nothing.
 */
export const completeThreeDSecure = async (
  deps: Pick<
    PaymentsDeps,
    'payments' | 'cardTokens' | 'processorOf' | 'deadline' | 'ids' | 'clock' | 'logger'
  >,
  environment: Environment,
  sessionToken: string,
  authenticated: boolean,
  returned: Record<string, string> = {},
): Promise<{ callbackUrl: string; payment: Payment }> => {
  const { scope, payment } = await sessionPayment(deps, environment, sessionToken);
  const callbackUrl = payment.threeDSecure!.callbackUrl;
  if (payment.state !== 'pending_3ds') return { callbackUrl, payment };
  const answered = withThreeDSecureResult(payment, authenticated ? 'authenticated' : 'failed');
  try {
    if (answered.processorRedirect)
      return { callbackUrl, payment: await completeWithProcessor(deps, scope, answered, returned) };
    if (!authenticated) return { callbackUrl, payment: await declineThreeDSecure(deps, scope, answered) };
    const card = await reservedCard(deps, scope, payment);
    const settled = await settleWithProcessor(deps, scope, answered, card, {});
    return { callbackUrl, payment: settled };
  } catch (error) {
    // The payer answered twice at once: the first answer stands.
    if (error instanceof Changed) {
      const current = await deps.payments.get(scope, payment.token);
      return { callbackUrl, payment: current ?? payment };
    }
    throw error;
  }
};
