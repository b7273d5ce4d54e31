import { awaitingPayer, awaitingPayerOf, type Payment, type ProcessorCard, type Scope } from '@wattle/domain';
import { type PaymentWrite, processorOfRecord } from '@wattle/ports';
import type { PaymentsDeps } from './deps.ts';
import {
  answerOf,
  authoriseOnRoute,
  type ProcessorDeps,
  type RoutedDeps,
  settlementOfAnswer,
} from './settle-payment.ts';

/**
 * Starts the processor's 3-D Secure for a charge reserved `pending_3ds`: authorises with a redirect
 * back to `returnUrl` (where the payer's return completes it). Asked for it, the processor's
 * redirect is kept and the charge waits for the payer (its card number and CVC dropped); any other answer
 * (the issuer let it through, or refused it) settles it at once. `along`: what else commits with
 * that write, made from the payment it writes (the answer kept under the request's key).
 */
export const startThreeDSecure = async (
  deps: RoutedDeps,
  scope: Scope,
  reserved: Payment,
  card: ProcessorCard,
  returnUrl: string,
  along: (started: Payment) => readonly PaymentWrite[] = () => [],
): Promise<Payment> => {
  const { payment, answer } = await authoriseOnRoute(deps, scope, reserved, card, {
    mode: 'redirect',
    returnUrl,
  });
  if (answer.outcome === 'action_required') {
    const waiting = awaitingPayer(payment, answer.redirect);
    await deps.payments.commit(
      scope,
      [...awaitingPayerOf(payment, waiting), ...along(waiting)],
      deps.clock.now(),
    );
    return waiting;
  }
  const { settled, changes, now } = settlementOfAnswer(deps, payment, answerOf(answer), {});
  await deps.payments.commit(scope, [...changes, ...along(settled)], now);
  return settled;
};

/**
 * The payer back from the processor's 3-D Secure with `returned` (what their return carried): the
 * processor completes the payment, and its answer settles it.
 */
export const completeWithProcessor = async (
  deps: ProcessorDeps & Pick<PaymentsDeps, 'payments'>,
  scope: Scope,
  waiting: Payment,
  returned: Record<string, string>,
): Promise<Payment> => {
  const answer = await processorOfRecord(deps.processorOf, scope.environment, waiting).completeAuthentication(
    {
      paymentToken: waiting.token,
      completion: waiting.processorRedirect!.completion,
      returned,
      deadline: deps.deadline(),
    },
  );
  const { settled, changes, now } = settlementOfAnswer(deps, waiting, answerOf(answer), {});
  await deps.payments.commit(scope, changes, now);
  return settled;
};
