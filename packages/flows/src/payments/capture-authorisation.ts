import { authorisationCapture, authorisationCaptureRefusal, type Payment, type Scope } from '@wattle/domain';
import {
  askProcessor,
  checkTransition,
  commitTransition,
  loadPayment,
  type TransitionDeps,
} from './payment-transition.ts';

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
  checkTransition(authorisation, 'capture', deps.clock.now());
  const refused = authorisationCaptureRefusal(authorisation, amount);
  if (refused) throw refused;
  const { taken, settlement } = await askProcessor(deps, scope, authorisation, { kind: 'capture', amount });
  return commitTransition(
    deps,
    scope,
    authorisation,
    'capture',
    (now) => {
      const capture = authorisationCapture(authorisation, amount, deps.ids.token('ch'), now, taken);
      return { after: capture.authorisation, charge: capture.charge };
    },
    settlement,
  );
};
