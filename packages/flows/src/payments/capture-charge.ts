import { capturedCharge, type Payment, type Scope } from '@wattle/domain';
import { checkTransition, loadPayment, type TransitionDeps, transition } from './payment-transition.ts';

/** PUT /charges/{token}/capture: an authorised charge, the full authorised amount only. */
export const captureCharge = async (
  deps: TransitionDeps,
  scope: Scope,
  token: string,
  amount: number | undefined,
): Promise<Payment> => {
  const payment = await loadPayment(deps, scope, 'charge', token);
  const claim = { action: 'capture', amount: payment.amount } as const;
  checkTransition(payment, claim, deps.clock.now(), amount);
  return transition(deps, scope, payment, claim, (now, taken) => ({
    after: capturedCharge(payment, now, taken),
  }));
};
