import { type Payment, type PaymentKind, type Scope, voidedPayment } from '@wattle/domain';
import {
  askProcessor,
  checkTransition,
  commitTransition,
  loadPayment,
  type TransitionDeps,
} from './payment-transition.ts';

/** PUT /charges/{token}/void and PUT /authorisations/{token}/void: releases the authorised funds. */
export const voidPayment = async (
  deps: TransitionDeps,
  scope: Scope,
  kind: PaymentKind,
  token: string,
): Promise<Payment> => {
  const payment = await loadPayment(deps, scope, kind, token);
  checkTransition(payment, 'void', deps.clock.now());
  // Pending at the processor, the void is still Pin's at once: the reservation is released later.
  const { settlement } = await askProcessor(deps, scope, payment, { kind: 'void' });
  return commitTransition(
    deps,
    scope,
    payment,
    'void',
    (now) => ({ after: voidedPayment(payment, now) }),
    settlement,
  );
};
