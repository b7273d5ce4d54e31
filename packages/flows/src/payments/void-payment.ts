import { type Payment, type PaymentKind, type Scope, voidedPayment } from '@wattle/domain';
import { checkTransition, loadPayment, type TransitionDeps, transition } from './payment-transition.ts';

/** PUT /charges/{token}/void and PUT /authorisations/{token}/void: releases the authorised funds. */
export const voidPayment = async (
  deps: TransitionDeps,
  scope: Scope,
  kind: PaymentKind,
  token: string,
): Promise<Payment> => {
  const payment = await loadPayment(deps, scope, kind, token);
  const claim = { action: 'void' } as const;
  checkTransition(payment, claim, deps.clock.now());
  // Pending at the processor, the void is still Pin's at once: the reservation is released later.
  return transition(deps, scope, payment, claim, (now) => ({ after: voidedPayment(payment, now) }));
};
