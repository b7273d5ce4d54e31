import type { Payment, PaymentKind, Scope } from '@wattle/domain';
import type { Page } from '@wattle/ports';
import type { PaymentsDeps } from './deps.ts';
import { loadPayment } from './payment-transition.ts';

type Deps = Pick<PaymentsDeps, 'payments'>;

/** A charge or an authorisation, or not_found (also for the other kind, or another merchant's). */
export const getPayment = (deps: Deps, scope: Scope, kind: PaymentKind, token: string): Promise<Payment> =>
  loadPayment(deps, scope, kind, token);

/** The merchant's charges or authorisations, newest first. */
export const listPayments = (
  { payments }: Deps,
  scope: Scope,
  kind: PaymentKind,
  page: number,
): Promise<Page<Payment>> => payments.list(scope, kind, page);

/** What a charge search reads: the charges created in [from, to), at most `limit`, newest first. */
export const chargesCreatedBetween = (
  { payments }: Deps,
  scope: Scope,
  from: Date | null,
  to: Date | null,
  limit: number,
): Promise<Payment[]> => payments.chargesBetween(scope, from, to, limit);
