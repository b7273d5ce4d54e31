import { capturedCharge, type Payment, type Scope } from '@wattle/domain';
import {
  askProcessor,
  checkTransition,
  commitTransition,
  loadPayment,
  type TransitionDeps,
} from './payment-transition.ts';

/** PUT /charges/{token}/capture: an authorised charge, the full authorised amount only. */
export const captureCharge = async (
  deps: TransitionDeps,
  scope: Scope,
  token: string,
  amount: number | undefined,
): Promise<Payment> => {
  const payment = await loadPayment(deps, scope, 'charge', token);
  checkTransition(payment, 'capture', deps.clock.now(), amount);
  const { taken, settlement } = await askProcessor(deps, scope, payment, {
    kind: 'capture',
    amount: payment.amount,
  });
  return commitTransition(
    deps,
    scope,
    payment,
    'capture',
    (now) => ({ after: capturedCharge(payment, now, taken) }),
    settlement,
  );
};
