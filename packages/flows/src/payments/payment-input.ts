import type { CardDetails } from '@wattle/domain';
import type { PaymentSource } from './payment-sources.ts';

/**
 * The payment fields of a validated POST /charges or POST /authorisations body, under the domain's
 * names (the edge maps Pin's: packages/http's paymentRequestOf).
 */
export interface PaymentInput {
  amount: number;
  currency: string;
  description: string;
  email: string;
  ipAddress: string;
  reference: string;
  metadata: Record<string, string>;
  card?: CardDetails | undefined;
  cardToken?: string | undefined;
  paymentSourceToken?: string | undefined;
  customerToken?: string | undefined;
}

/**
 * The source of a validated payment request: exactly one of the four was given, or a customer
 * with one of its cards (that card of that customer).
 */
export const sourceOf = (
  input: Pick<PaymentInput, 'card' | 'cardToken' | 'paymentSourceToken' | 'customerToken'>,
): PaymentSource => {
  if (input.card) return { kind: 'card', details: input.card };
  if (input.paymentSourceToken) return { kind: 'payment_source', token: input.paymentSourceToken };
  if (input.customerToken && input.cardToken) {
    return { kind: 'customer_card', token: input.customerToken, cardToken: input.cardToken };
  }
  return input.cardToken
    ? { kind: 'card_token', token: input.cardToken }
    : { kind: 'customer', token: input.customerToken! };
};

/** The shared part of a payment request, from the validated body. */
export const paymentFieldsOf = (input: PaymentInput) => ({
  amount: input.amount,
  currency: input.currency,
  description: input.description,
  email: input.email,
  ipAddress: input.ipAddress,
  reference: input.reference || null,
  metadata: input.metadata,
  source: sourceOf(input),
});
