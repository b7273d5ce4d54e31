import type { Types } from '@adyen/api-library';
import type { NotificationKind, NotificationReading, ProcessorNotification } from '@wattle/domain';
import { HmacValidator } from './library.ts';

type NotificationRequestItem = Types.notification.NotificationRequestItem;

/** Adyen's event codes and what they are in the port's terms; any other is `other`. */
const kinds: Record<string, NotificationKind> = {
  AUTHORISATION: 'authorisation',
  CAPTURE: 'capture',
  CAPTURE_FAILED: 'capture_failed',
  CANCELLATION: 'cancellation',
  // The cancellation of a payment by our reference (POST /cancels), as `resolve` asks for.
  TECHNICAL_CANCEL: 'cancellation',
  REFUND: 'refund',
  REFUND_FAILED: 'refund_failed',
  REFUNDED_REVERSED: 'refunded_reversed',
  CHARGEBACK: 'chargeback',
  NOTIFICATION_OF_CHARGEBACK: 'notification_of_chargeback',
  CHARGEBACK_REVERSED: 'chargeback_reversed',
};

/** What Adyen expects back from a delivery it may stop sending: any 2xx, `[accepted]` by custom. */
const acknowledgement = { status: 200, contentType: 'text/plain', body: '[accepted]' };

const validator = new HmacValidator();

const hasShape = (item: unknown): item is NotificationRequestItem => {
  const candidate = item as Partial<Record<keyof NotificationRequestItem, unknown>> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.pspReference === 'string' &&
    typeof candidate.eventCode === 'string' &&
    typeof candidate.merchantReference === 'string' &&
    typeof candidate.merchantAccountCode === 'string' &&
    typeof candidate.success === 'string' &&
    typeof candidate.eventDate === 'string' &&
    typeof (candidate.amount as { value?: unknown } | undefined)?.value === 'number' &&
    typeof (candidate.amount as { currency?: unknown } | undefined)?.currency === 'string'
  );
};

const notificationOf = (
  item: NotificationRequestItem,
  merchantAccount: string,
  live: boolean,
): ProcessorNotification => {
  const event = String(item.eventCode);
  const success = String(item.success) === 'true';
  // Another merchant account's event (one webhook can serve a whole company account): not ours.
  const kind = item.merchantAccountCode === merchantAccount ? (kinds[event] ?? 'other') : 'other';
  return {
    // Adyen's resends of a notification keep its event code and pspReference (and its outcome).
    id: `${event}:${item.pspReference}:${success}`,
    kind,
    event,
    success,
    reference: item.merchantReference,
    processorReference: item.pspReference,
    ...(item.originalReference ? { paymentProcessorReference: item.originalReference } : {}),
    amount: { amount: item.amount.value ?? 0, currency: item.amount.currency ?? '' },
    // Kept as text for support only: Adyen's HMAC does not cover it, so it decides nothing.
    ...(item.reason ? { reason: item.reason } : {}),
    // The signed fields say only that the authorisation failed, not why.
    ...(kind === 'authorisation' && !success ? { decline: 'card_declined' as const } : {}),
    occurredAt: item.eventDate,
    live,
  };
};

/**
 * Reads a delivery of Adyen's standard webhooks (JSON, HMAC-signed per item): every item's
 * signature must hold (the library's validator, with the account's hex key), or none of the
 * delivery is taken and Adyen sends it again. The amounts are Adyen's to tell, not to trust: a
 * notification is applied against our own record of the payment. A delivery whose `live` flag is
 * not the connector's platform's (`live`: adyenLivePlatform) is refused too: the other
 * platform's webhook pointed at this environment, or a forgery, never applied, and refused
 * rather than acknowledged so the webhook shows as failing in Adyen's Customer Area.
 */
export const readAdyenNotifications = (
  body: string,
  { hmacKey, merchantAccount, live }: { hmacKey: string; merchantAccount: string; live: boolean },
): NotificationReading => {
  let parsed: { live?: unknown; notificationItems?: unknown };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    return { verdict: 'refused', reason: 'The body is not JSON' };
  }
  if (!Array.isArray(parsed?.notificationItems))
    return { verdict: 'refused', reason: 'The body has no notificationItems' };
  if (String(parsed.live) !== String(live))
    return {
      verdict: 'refused',
      reason: `The delivery says live=${String(parsed.live)}, and this connector is on Adyen's ${live ? 'live' : 'test'} platform`,
    };
  const items = parsed.notificationItems.map(
    (wrapper) => (wrapper as { NotificationRequestItem?: unknown } | null)?.NotificationRequestItem,
  );
  const notifications: ProcessorNotification[] = [];
  for (const item of items) {
    if (!hasShape(item)) return { verdict: 'refused', reason: 'A notification item is malformed' };
    let valid: boolean;
    try {
      valid = validator.validateHMAC(item, hmacKey);
    } catch {
      valid = false;
    }
    if (!valid)
      return { verdict: 'refused', reason: `The HMAC signature of ${item.pspReference} does not hold` };
    notifications.push(notificationOf(item, merchantAccount, live));
  }
  return { verdict: 'accepted', notifications, reply: acknowledgement };
};
