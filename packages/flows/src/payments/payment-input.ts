import type { CardDetails } from '@wattle/domain';
import type { PaymentSource } from './payment-sources.ts';

/**
 * The source of a validated payment request: exactly one of the four was given, or
 * customer_token with card_token (that card of that customer).
 */
export const sourceOf = (input: {
  card?: unknown;
  card_token?: string | undefined;
  payment_source_token?: string | undefined;
  customer_token?: string | undefined;
}): PaymentSource => {
  if (input.card) return { kind: 'card', details: input.card as CardDetails };
  if (input.payment_source_token) return { kind: 'payment_source', token: input.payment_source_token };
  if (input.customer_token && input.card_token) {
    return { kind: 'customer_card', token: input.customer_token, cardToken: input.card_token };
  }
  return input.card_token
    ? { kind: 'card_token', token: input.card_token }
    : { kind: 'customer', token: input.customer_token! };
};

/** The payment fields of a validated POST /charges or POST /authorisations body. */
export interface PaymentInput {
  amount: number;
  currency: string;
  description: string;
  email: string;
  ip_address: string;
  reference: string;
  metadata: Record<string, string>;
  card?: CardDetails | undefined;
  card_token?: string | undefined;
  payment_source_token?: string | undefined;
  customer_token?: string | undefined;
}

/** The shared part of a payment request, from the validated body. */
export const paymentFieldsOf = (input: PaymentInput) => ({
  amount: input.amount,
  currency: input.currency,
  description: input.description,
  email: input.email,
  ipAddress: input.ip_address,
  reference: input.reference || null,
  metadata: input.metadata,
  source: sourceOf(input),
});
