import type { PaymentChange } from '@wattle/domain';
import { Changed, TokenTaken } from '../outcomes.ts';

/**
 * A payment's changes (the domain's, decision 181) whose guard can fail, each engine checking it
 * on the payment's record as it lays it out: a reservation (its token not yet there), a failover
 * or a new state (the payment still as read), a void or capture's claim and its release (the
 * claim as the change says) and a lease's use (the lease there and unexpired).
 */
export type GuardedPaymentChange = Extract<
  PaymentChange,
  { kind: 'reservation' | 'failover' | 'payment' | 'claim' | 'claim-release' | 'lease-use' }
>;

/**
 * What a payment's change refused means, once for both engines: a reservation whose token exists
 * was made before by the same request (TokenTaken: its token is derived from an Idempotency-Key
 * or a bill's attempt); any other, another request or run changed the payment first (Changed:
 * read again and decide again).
 */
export const paymentRefusal = (change: GuardedPaymentChange): (() => Error) => {
  switch (change.kind) {
    case 'reservation':
      return () => new TokenTaken('payment', change.payment.token);
    case 'failover':
    case 'payment':
      return () => new Changed('payment', change.payment.token);
    case 'claim':
    case 'claim-release':
    case 'lease-use':
      return () => new Changed('payment', change.paymentToken);
    default:
      // A guarded kind added to PaymentChange says here what its refusal means (tsc insists).
      return change satisfies never;
  }
};
