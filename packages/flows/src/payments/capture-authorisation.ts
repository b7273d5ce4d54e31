import { authorisationCapture, authorisationCaptureRefusal, type Payment, type Scope } from '@wattle/domain';
import { checkTransition, loadPayment, type TransitionDeps, transition } from './payment-transition.ts';

/**
 * POST /authorisations/{token}/charges: captures `amount` (at most what was authorised) as a new
 * charge that names the authorisation; the rest of the reservation is released.
 */
export const captureAuthorisation = async (
  deps: TransitionDeps,
  scope: Scope,
  token: string,
  amount: number,
): Promise<Payment> => {
  const authorisation = await loadPayment(deps, scope, 'authorisation', token);
  const claim = { action: 'capture', amount } as const;
  checkTransition(authorisation, claim, deps.clock.now());
  const refused = authorisationCaptureRefusal(authorisation, amount);
  if (refused) throw refused;
  return transition(deps, scope, authorisation, claim, (now, taken) => {
    const capture = authorisationCapture(authorisation, amount, deps.ids.token('ch'), now, taken);
    return { after: capture.authorisation, charge: capture.charge };
  });
};
