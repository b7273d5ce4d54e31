import type { PaymentProcessor, ProcessorCall } from '@wattle/domain';
import { checkoutHttp } from './checkout-http.ts';
import {
  type AdyenConfig,
  adyenLivePlatform,
  adyenProcessorName,
  adyenSupportsThreeDSecure,
  defaultRequestTimeoutMs,
} from './config.ts';
import { Client, EnvironmentEnum, ModificationsApi, PaymentsApi } from './library.ts';
import { readAdyenNotifications } from './notifications.ts';
import {
  type AdyenCompletion,
  authorisationFailureOf,
  authorisationOutcomeOf,
  completionFailureOf,
  modificationFailureOf,
  modificationOutcomeOf,
  resolutionFailureOf,
  resolutionOutcomeOf,
} from './outcomes.ts';
import { adyenAmount, paymentRequestOf } from './payment-request.ts';

/** The fields of the payer's return Adyen's /payments/details takes (`redirectResult` today). */
const returnedDetails = ['redirectResult', 'payload', 'MD', 'PaRes'];

/** What the authorisation kept for the completion; none (a redirect needs none) if unreadable. */
const completionOf = (kept: string): AdyenCompletion => {
  try {
    return (JSON.parse(kept) as AdyenCompletion | null) ?? {};
  } catch {
    return {};
  }
};

/**
 * The Adyen Checkout API (v71) behind the PaymentProcessor port, over Adyen's own library for the
 * requests, their types and the notifications' HMAC check. Each call's Idempotency-Key is the
 * operation and our token, so a call sent again (a retry, the recovery job) is done once; each is
 * aborted at the call's deadline or after `requestTimeoutMs`, whichever is sooner.
 */
export const adyenProcessor = (config: AdyenConfig): PaymentProcessor => {
  // The environment only picks the library's default hosts, which checkoutHttp replaces.
  const client = new Client(
    { apiKey: config.apiKey, environment: EnvironmentEnum.TEST },
    checkoutHttp(config.checkoutUrl, config.apiKey),
  );
  const payments = new PaymentsApi(client);
  const modifications = new ModificationsApi(client);
  const { merchantAccount } = config;
  const live = adyenLivePlatform(config.checkoutUrl);
  const timeoutMs = config.requestTimeoutMs ?? defaultRequestTimeoutMs;
  const options = (idempotencyKey: string, { deadline }: ProcessorCall) => ({
    idempotencyKey,
    signal: AbortSignal.any([deadline, AbortSignal.timeout(timeoutMs)]),
  });
  return {
    name: adyenProcessorName,
    authorise: (input) =>
      payments
        .payments(paymentRequestOf(input, merchantAccount), options(`payment.${input.paymentToken}`, input))
        .then(authorisationOutcomeOf, authorisationFailureOf),
    completeAuthentication: (input) => {
      const completion = completionOf(input.completion);
      const details = Object.fromEntries(
        returnedDetails.flatMap((name) => (input.returned[name] ? [[name, input.returned[name]]] : [])),
      );
      return payments
        .paymentsDetails(
          { details, ...(completion.paymentData ? { paymentData: completion.paymentData } : {}) },
          options(`details.${input.paymentToken}`, input),
        )
        .then(authorisationOutcomeOf, completionFailureOf);
    },
    capture: (input) =>
      modifications
        .captureAuthorisedPayment(
          input.processorReference,
          { merchantAccount, amount: adyenAmount(input), reference: input.reference },
          options(`capture.${input.paymentToken}`, input),
        )
        .then(modificationOutcomeOf, modificationFailureOf),
    void: (input) =>
      modifications
        .cancelAuthorisedPaymentByPspReference(
          input.processorReference,
          { merchantAccount, reference: input.reference },
          options(`cancel.${input.paymentToken}`, input),
        )
        .then(modificationOutcomeOf, modificationFailureOf),
    refund: (input) =>
      modifications
        .refundCapturedPayment(
          input.processorReference,
          { merchantAccount, amount: adyenAmount(input), reference: input.reference },
          options(`refund.${input.refundToken}`, input),
        )
        .then(modificationOutcomeOf, modificationFailureOf),
    resolve: (input) =>
      modifications
        .cancelAuthorisedPayment(
          { merchantAccount, paymentReference: input.reference, reference: input.reference },
          options(`cancel-by-reference.${input.paymentToken}`, input),
        )
        .then(resolutionOutcomeOf, resolutionFailureOf),
    readNotifications: (delivery) =>
      readAdyenNotifications(delivery.body, { hmacKey: config.hmacKey, merchantAccount, live }),
    supportsThreeDSecure: adyenSupportsThreeDSecure,
  };
};
