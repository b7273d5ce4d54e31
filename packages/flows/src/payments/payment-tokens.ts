import { type Ids, type PaymentKind, paymentPrefix, type Scope } from '@wattle/domain';

/**
 * A payment token derived from `seed` (a bill attempt, an Idempotency-Key): whoever derives it
 * again names the same payment, so a second attempt fails at the reservation (TokenTaken) instead
 * of paying twice.
 */
export const derivedPaymentToken = (ids: Ids, kind: PaymentKind, seed: string): string =>
  ids.derived(paymentPrefix(kind), seed);

/**
 * The payment token a request with an Idempotency-Key gets: the same key (per merchant,
 * environment and kind) always names the same payment. A request that failed after reserving its
 * payment (a 5xx is not kept under the key, so the client sends it again) then finds that payment
 * instead of reserving a second one and charging the card twice.
 */
export const paymentTokenFor = (ids: Ids, kind: PaymentKind, scope: Scope, idempotencyKey: string): string =>
  derivedPaymentToken(ids, kind, `${scope.accountId}#${scope.environment}#${kind}#${idempotencyKey}`);
