import type { Card, CardOwner, Payment, ThreeDSecure } from '@wattle/domain';
import { type Usual, withoutUsual } from '../kernel/usual-fields.ts';

/**
 * The payment as its item keeps it: without its null-valued fields, and without the fields that
 * hold their default (no IP address, no metadata, nothing captured, refunded or pending yet), all
 * put back on read. A charge has about a dozen nulls (decline, voided_at, a card's second address
 * line…), some 150 bytes of names, and five defaults, some 70 more: they would carry a typical
 * charge over 1 KB, and a customer's (a renewal's) over it again, so that every write of it, and
 * of each list index copy, would cost two units instead of one (TABLE.md). Items written before
 * keep theirs and read the same.
 */

type NullableKeys<T> = { [K in keyof T]-?: null extends T[K] ? K : never }[keyof T];

/** The nullable fields of T, all of them: tsc refuses a list that misses one (it would read back as undefined). */
const nullableFields =
  <T>() =>
  <const L extends readonly NullableKeys<T>[]>(
    ...fields: L &
      (Exclude<NullableKeys<T>, L[number]> extends never
        ? unknown
        : { missing: Exclude<NullableKeys<T>, L[number]> })
  ): readonly (keyof T)[] =>
    fields;

const paymentNulls = nullableFields<Payment>()(
  'reference',
  'customerToken',
  'decline',
  'capturedAt',
  'voidedAt',
  'expiresAt',
  'authorisationToken',
  'totalFees',
  'threeDSecure',
);
const cardNulls = nullableFields<Card>()('addressLine2');
const ownerNulls = nullableFields<CardOwner>()('customerToken', 'primary');
const threeDSecureNulls = nullableFields<ThreeDSecure>()('result');

/**
 * A payment's fields at their usual value, left out of its item (the refund writes add to the
 * counts where absent); so is empty metadata, which identity cannot compare.
 */
const usualPaymentFields = {
  ipAddress: '',
  amountCaptured: 0,
  amountRefunded: 0,
  pendingRefunds: 0,
} as const satisfies Usual<Payment>;

const withoutDefaults = (payment: Payment): Payment => {
  const out = withoutUsual(payment, usualPaymentFields);
  if (Object.keys(payment.metadata).length === 0) delete out.metadata;
  return out as Payment;
};

/** A stored payment, its left-out defaults back (an item written before has them all). */
const withDefaults = (stored: Partial<Payment>): Payment =>
  ({ ...usualPaymentFields, metadata: {}, ...stored }) as Payment;

const withoutNulls = <T extends object>(value: T, fields: readonly (keyof T)[]): T => {
  const out = { ...value };
  for (const field of fields) if (out[field] === null) delete out[field];
  return out;
};

const withNulls = <T extends object>(value: T, fields: readonly (keyof T)[]): T => {
  const out = { ...value };
  for (const field of fields) if (out[field] === undefined) (out as Record<keyof T, unknown>)[field] = null;
  return out;
};

/** The payment to write into the item's `payment` attribute. */
export const storedPayment = (payment: Payment): Payment => ({
  ...withoutDefaults(withoutNulls(payment, paymentNulls)),
  card: withoutNulls(payment.card, cardNulls),
  cardOwner: withoutNulls(payment.cardOwner, ownerNulls),
  ...(payment.threeDSecure ? { threeDSecure: withoutNulls(payment.threeDSecure, threeDSecureNulls) } : {}),
});

/** The payment read from an item's `payment` attribute, with or without its nulls. */
export const paymentOfItem = (stored: Payment): Payment => {
  const payment = withNulls(withDefaults(stored), paymentNulls);
  return {
    ...payment,
    card: withNulls(payment.card, cardNulls),
    cardOwner: withNulls(payment.cardOwner, ownerNulls),
    threeDSecure: payment.threeDSecure ? withNulls(payment.threeDSecure, threeDSecureNulls) : null,
  };
};
