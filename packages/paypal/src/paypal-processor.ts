import type { AuthorisationOutcome, PaymentProcessor, ProcessorCall } from '@wattle/domain';
import {
  defaultRequestTimeoutMs,
  type PayPalConfig,
  paypalLivePlatform,
  paypalMoney,
  paypalProcessorName,
  paypalSupportsThreeDSecure,
} from './config.ts';
import { type PayPalHttp, paypalHttp } from './http.ts';
import { readPayPalNotifications } from './notifications.ts';
import {
  authorizationOf,
  captureOutcomeOf,
  completionFailureOf,
  modificationFailureOf,
  type Order,
  orderFailureOf,
  orderOutcomeOf,
  orderRequestOf,
  type PaymentResource,
  type PayPalCompletion,
  refundOutcomeOf,
} from './orders.ts';

/** What the authorisation kept for the completion; null if unreadable. */
const completionOf = (kept: string): PayPalCompletion | null => {
  try {
    const parsed = JSON.parse(kept) as Partial<PayPalCompletion> | null;
    return parsed?.orderId && (parsed.intent === 'CAPTURE' || parsed.intent === 'AUTHORIZE')
      ? { orderId: parsed.orderId, intent: parsed.intent }
      : null;
  } catch {
    return null;
  }
};

const segment = encodeURIComponent;

/** The capture statuses a refund may be asked of. */
const refundable = new Set(['COMPLETED', 'PARTIALLY_REFUNDED']);

/**
 * The capture a refund is of: a payment captured at once is known by its capture's id; an
 * authorization's capture is found in its order (GET /v2/checkout/orders/{id}), as Payments v2
 * lists no captures of an authorization. Null when the order has none to refund (yet).
 */
const captureToRefund = async (
  http: PayPalHttp,
  processorReference: string,
  signal: AbortSignal,
): Promise<string | null> => {
  const authorization = authorizationOf(processorReference);
  if (!authorization) return processorReference;
  const { json } = await http.request({
    method: 'GET',
    path: `/v2/checkout/orders/${segment(authorization.orderId)}`,
    signal,
  });
  const captures = (json as Order | null)?.purchase_units?.[0]?.payments?.captures ?? [];
  return captures.find((capture) => capture.id && refundable.has(String(capture.status)))?.id ?? null;
};

/**
 * PayPal's Orders v2 and Payments v2 behind the PaymentProcessor port, over Node's fetch
 * (docs/decisions/0211: PayPal's server SDK weighs 0.6 MB and half a second of a cold start, for
 * requests this connector builds in a few lines). Each call's PayPal-Request-Id is the operation and
 * our token, so a call sent again (a retry, the recovery job) is done once; each is aborted at the
 * call's deadline or after `requestTimeoutMs`, whichever is sooner.
 */
export const paypalProcessor = (config: PayPalConfig): PaymentProcessor => {
  const http = paypalHttp(config.apiUrl, config);
  const live = paypalLivePlatform(config.apiUrl);
  const timeoutMs = config.requestTimeoutMs ?? defaultRequestTimeoutMs;
  const signalOf = ({ deadline }: ProcessorCall) =>
    AbortSignal.any([deadline, AbortSignal.timeout(timeoutMs)]);
  const post = async (path: string, body: unknown, requestId: string, call: ProcessorCall) =>
    (
      await http.request({
        method: 'POST',
        path,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        requestId,
        signal: signalOf(call),
      })
    ).json;
  return {
    name: paypalProcessorName,
    authorise: async (input): Promise<AuthorisationOutcome> => {
      // Orders v2 takes no 3-D Secure result of another server: sent without it, the payment would
      // lose the authentication the merchant asked for. Never sent.
      if (input.threeDSecure.mode === 'pass_through')
        return {
          outcome: 'not_processed',
          raw: {
            code: 'not_sent',
            reason: "PayPal's Orders v2 takes no 3-D Secure result from the merchant's own server",
          },
        };
      const redirect = input.threeDSecure.mode === 'redirect';
      return post('/v2/checkout/orders', orderRequestOf(input), `order.${input.paymentToken}`, input).then(
        (order) => orderOutcomeOf((order ?? {}) as Order, redirect),
        orderFailureOf,
      );
    },
    completeAuthentication: async (input) => {
      const completion = completionOf(input.completion);
      if (!completion) return { outcome: 'unknown', reason: 'The 3-D Secure completion kept is unreadable' };
      const action = completion.intent === 'CAPTURE' ? 'capture' : 'authorize';
      return post(
        `/v2/checkout/orders/${segment(completion.orderId)}/${action}`,
        {},
        `${action}.${input.paymentToken}`,
        input,
      ).then((order) => orderOutcomeOf((order ?? {}) as Order, true), completionFailureOf);
    },
    capture: async (input) => {
      const authorization = authorizationOf(input.processorReference);
      if (!authorization)
        return {
          outcome: 'failed',
          raw: { code: 'not_authorized', reason: 'The payment has no authorization to capture' },
        };
      return post(
        `/v2/payments/authorizations/${segment(authorization.authorizationId)}/capture`,
        { amount: paypalMoney(input), final_capture: true, custom_id: input.reference },
        `capture.${input.paymentToken}`,
        input,
      ).then((capture) => captureOutcomeOf((capture ?? {}) as PaymentResource), modificationFailureOf);
    },
    void: async (input) => {
      const authorization = authorizationOf(input.processorReference);
      if (!authorization)
        return {
          outcome: 'failed',
          raw: { code: 'not_authorized', reason: 'The payment has no authorization to void' },
        };
      return post(
        `/v2/payments/authorizations/${segment(authorization.authorizationId)}/void`,
        undefined,
        `void.${input.paymentToken}`,
        input,
      ).then((voided) => {
        const status = (voided as PaymentResource | null)?.status;
        // 204 (no body) or the authorization VOIDED: done.
        return status === undefined || status === 'VOIDED'
          ? { outcome: 'succeeded' as const }
          : { outcome: 'unknown' as const, reason: `PayPal's authorization is ${status} after the void` };
      }, modificationFailureOf);
    },
    refund: async (input) => {
      const signal = signalOf(input);
      let capture: string | null;
      try {
        capture = await captureToRefund(http, input.processorReference, signal);
      } catch (error) {
        return modificationFailureOf(error);
      }
      if (!capture) return { outcome: 'unknown', reason: 'The order has no completed capture to refund yet' };
      return post(
        `/v2/payments/captures/${segment(capture)}/refund`,
        { amount: paypalMoney(input), custom_id: input.reference },
        `refund.${input.refundToken}`,
        input,
      ).then((refund) => refundOutcomeOf((refund ?? {}) as PaymentResource), modificationFailureOf);
    },
    // Orders v2 has no look-up by our reference, and the card is not at hand to send the order
    // again under its PayPal-Request-Id: the payment stays unresolved until PayPal's notification
    // about it (its authorization or capture names our reference) settles it.
    resolve: async () => ({
      outcome: 'unknown',
      reason: "PayPal has no look-up by our reference: the order's notification settles it",
    }),
    readNotifications: (delivery) =>
      readPayPalNotifications(delivery.body, delivery.headers, {
        http,
        webhookId: config.webhookId,
        live,
        signal: AbortSignal.timeout(timeoutMs),
      }),
    supportsThreeDSecure: paypalSupportsThreeDSecure,
  };
};
