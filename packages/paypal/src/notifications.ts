import type { NotificationReading, ProcessorNotification } from '@wattle/domain';
import { minorUnitsOf } from './config.ts';
import { declineFor } from './declines.ts';
import { PayPalAnswerError, type PayPalHttp } from './http.ts';
import { authorizationReference } from './orders.ts';

/** The headers PayPal signs a delivery with, as verify-webhook-signature names them. */
const signatureHeaders = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

/** What PayPal expects back from a delivery it may stop sending: any 2xx. */
const acknowledgement = { status: 200, contentType: 'text/plain', body: 'OK' };

interface Money {
  currency_code?: unknown;
  value?: unknown;
}

/** The parts of an event's resource (an authorization, capture, refund or dispute) read here. */
interface Resource {
  id?: unknown;
  status?: unknown;
  custom_id?: unknown;
  amount?: Money;
  processor_response?: { response_code?: unknown };
  status_details?: { reason?: unknown };
  supplementary_data?: { related_ids?: { order_id?: unknown; authorization_id?: unknown } };
  disputed_transactions?: { custom?: unknown; seller_transaction_id?: unknown }[];
  dispute_amount?: Money;
  reason?: unknown;
}

interface WebhookEvent {
  id?: unknown;
  event_type?: unknown;
  create_time?: unknown;
  resource?: Resource;
}

const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** The processor reference of the authorization a resource is of, when it names its order and authorization. */
const authorizationNamed = (resource: Resource): string | undefined => {
  const ids = resource.supplementary_data?.related_ids;
  const order = stringOf(ids?.order_id);
  const authorization = stringOf(ids?.authorization_id);
  return order && authorization ? authorizationReference(order, authorization) : undefined;
};

type Reading = Pick<
  ProcessorNotification,
  'kind' | 'success' | 'reference' | 'processorReference' | 'paymentProcessorReference' | 'decline' | 'reason'
> & { amount?: Money };

/**
 * An event in the port's terms (PayPal's event types for card orders and their payments):
 * - PAYMENT.AUTHORIZATION.CREATED: the authorisation (known by order and authorization);
 * - PAYMENT.AUTHORIZATION.VOIDED: its cancellation;
 * - PAYMENT.CAPTURE.COMPLETED / DENIED / DECLINED: of an authorization (the resource names one),
 *   its capture or the capture's failure; of none (an order captured at once), the payment's
 *   own outcome (its authorisation, approved or declined);
 * - PAYMENT.CAPTURE.REFUNDED: a refund done (the resource is the refund, its custom_id ours);
 *   PAYMENT.REFUND.FAILED: a refund failed;
 * - CUSTOMER.DISPUTE.CREATED: a dispute opened on a payment (the transaction's `custom`: our
 *   reference).
 * Anything else (PAYMENT.CAPTURE.PENDING, CHECKOUT.ORDER.*, a resource without our reference) is
 * `other`: acknowledged, nothing to do.
 */
const readingOf = (type: string, resource: Resource): Reading | null => {
  const id = stringOf(resource.id);
  const reference = stringOf(resource.custom_id);
  const authorization = authorizationNamed(resource);
  const reason = stringOf(resource.status_details?.reason);
  const withReason = reason ? { reason } : {};
  switch (type) {
    case 'PAYMENT.AUTHORIZATION.CREATED':
      if (!reference || !id || !authorization) return null;
      return {
        kind: 'authorisation',
        success: true,
        reference,
        processorReference: authorization,
        amount: resource.amount,
      };
    case 'PAYMENT.AUTHORIZATION.VOIDED':
      if (!reference || !id || !authorization) return null;
      return {
        kind: 'cancellation',
        success: true,
        reference,
        processorReference: authorization,
        paymentProcessorReference: authorization,
        amount: resource.amount,
      };
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED': {
      if (!reference || !id) return null;
      const success = type === 'PAYMENT.CAPTURE.COMPLETED';
      if (authorization)
        return {
          kind: success ? 'capture' : 'capture_failed',
          success,
          reference,
          processorReference: id,
          paymentProcessorReference: authorization,
          amount: resource.amount,
          ...withReason,
        };
      return {
        kind: 'authorisation',
        success,
        reference,
        processorReference: id,
        amount: resource.amount,
        ...(success ? {} : { decline: declineFor(stringOf(resource.processor_response?.response_code)) }),
        ...withReason,
      };
    }
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.REFUND.FAILED':
      if (!reference || !id) return null;
      return {
        kind: type === 'PAYMENT.CAPTURE.REFUNDED' ? 'refund' : 'refund_failed',
        success: type === 'PAYMENT.CAPTURE.REFUNDED',
        reference,
        processorReference: id,
        amount: resource.amount,
        ...withReason,
      };
    case 'CUSTOMER.DISPUTE.CREATED': {
      const transaction = resource.disputed_transactions?.[0];
      const custom = stringOf(transaction?.custom);
      if (!custom || !id) return null;
      return {
        kind: 'notification_of_chargeback',
        success: true,
        reference: custom,
        processorReference: id,
        amount: resource.dispute_amount,
        ...(stringOf(resource.reason) ? { reason: stringOf(resource.reason) } : {}),
      };
    }
  }
  return null;
};

/** The event as the port's notification: `other` when it is none Wattle acts on, or lacks what it needs. */
export const notificationOf = (event: WebhookEvent, live: boolean): ProcessorNotification | null => {
  const id = stringOf(event.id);
  const type = stringOf(event.event_type);
  if (!id || !type) return null;
  const resource = typeof event.resource === 'object' && event.resource !== null ? event.resource : {};
  const read = readingOf(type, resource);
  const amount = read ? minorUnitsOf(read.amount) : null;
  const occurredAt = stringOf(event.create_time) ?? new Date(0).toISOString();
  // PayPal resends an event with its id unchanged: the key to apply it once.
  if (!read || !amount)
    return {
      id,
      event: type,
      kind: 'other',
      success: true,
      reference: stringOf(resource.custom_id) ?? '',
      processorReference: stringOf(resource.id) ?? '',
      amount: { amount: 0, currency: '' },
      occurredAt,
      live,
    };
  const { amount: _, ...reading } = read;
  return { id, event: type, ...reading, amount, occurredAt, live };
};

/**
 * Reads a delivery of PayPal's webhooks (one event per delivery): its signature is checked by
 * PayPal itself (POST /v1/notifications/verify-webhook-signature, with the webhook's id and the
 * delivery's PAYPAL-* headers, and the event exactly as it arrived: PayPal's check covers the body's
 * bytes, and JSON read and written again may differ), then the event is read (notificationOf). A
 * delivery without the headers, or whose signature PayPal finds wrong, is refused (401: nothing
 * applied, PayPal sends it again). When PayPal cannot answer the check (a timeout, a 5xx), this
 * throws: the delivery is answered 5xx and PayPal sends it again.
 */
export const readPayPalNotifications = async (
  body: string,
  headers: Record<string, string | undefined>,
  {
    http,
    webhookId,
    live,
    signal,
  }: { http: PayPalHttp; webhookId: string; live: boolean; signal: AbortSignal },
): Promise<NotificationReading> => {
  let event: WebhookEvent;
  try {
    event = JSON.parse(body) as WebhookEvent;
  } catch {
    return { verdict: 'refused', reason: 'The body is not JSON' };
  }
  if (typeof event !== 'object' || event === null || Array.isArray(event))
    return { verdict: 'refused', reason: 'The body is not a webhook event' };
  const signed: Record<string, string> = {};
  for (const [field, header] of Object.entries(signatureHeaders)) {
    const value = headers[header];
    if (!value) return { verdict: 'refused', reason: `The delivery has no ${header.toUpperCase()} header` };
    signed[field] = value;
  }
  const request = `${JSON.stringify({ ...signed, webhook_id: webhookId }).slice(0, -1)},"webhook_event":${body}}`;
  let status: unknown;
  try {
    const answer = await http.request({
      method: 'POST',
      path: '/v1/notifications/verify-webhook-signature',
      body: request,
      signal,
    });
    status = (answer.json as { verification_status?: unknown } | null)?.verification_status;
  } catch (error) {
    // A request PayPal refused as invalid (a header's value is not what the check takes): not PayPal's delivery.
    if (error instanceof PayPalAnswerError && error.status === 400)
      return { verdict: 'refused', reason: `PayPal refused the signature check: ${error.message}` };
    throw error;
  }
  if (status !== 'SUCCESS')
    return { verdict: 'refused', reason: `PayPal's signature check answered ${String(status)}` };
  const notification = notificationOf(event, live);
  if (!notification) return { verdict: 'refused', reason: 'The event has no id or event_type' };
  return { verdict: 'accepted', notifications: [notification], reply: acknowledgement };
};
