import { type Payment, type PaymentKind, type Scope, voidedPayment } from '@wattle/domain';
import { checkTransition, commitTransition, loadPayment, type TransitionDeps } from './payment-transition.ts';

/** PUT /charges/{token}/void and PUT /authorisations/{token}/void: releases the authorised funds. */
export const voidPayment = async (
  deps: TransitionDeps,
  scope: Scope,
  kind: PaymentKind,
  token: string,
): Promise<Payment> => {
  const payment = await loadPayment(deps, scope, kind, token);
  checkTransition(payment, 'void', deps.clock.now());
  await deps.processor.void(payment.token);
  return commitTransition(deps, scope, payment, 'void', (now) => ({ after: voidedPayment(payment, now) }));
};
