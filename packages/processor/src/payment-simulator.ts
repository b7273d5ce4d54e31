import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  AuthorisationOutcome,
  DeclineCode,
  ModificationOutcome,
  NotificationDelivery,
  NotificationKind,
  NotificationReading,
  PaymentProcessor,
  ProcessorAuthorisation,
  ProcessorNotification,
  SelfSettlement,
} from '@wattle/domain';
import { declineFor, type ProcessorOutcomeCase, processorOutcomeFor, refundFailsCard } from './test-cards.ts';

/**
 * What the simulator remembers of a payment, carried in its processor reference (it keeps no
 * state of its own): the test card's case, so the capture, void and refund of the payment behave
 * as the card says without the card number.
 */
type SimulatedCase = ProcessorOutcomeCase | 'refundFails' | 'plain';

const referencePrefix = 'sim';

const processorReferenceOf = (simulated: SimulatedCase, paymentToken: string): string =>
  `${referencePrefix}.${simulated}.${paymentToken}`;

const caseOf = (processorReference: string): SimulatedCase => {
  const [prefix, simulated] = processorReference.split('.');
  return prefix === referencePrefix && simulated ? (simulated as SimulatedCase) : 'plain';
};

const simulatedCaseFor = (cardNumber: string): SimulatedCase =>
  cardNumber === refundFailsCard ? 'refundFails' : (processorOutcomeFor(cardNumber) ?? 'plain');

/** The header a simulated notification delivery is signed in (HMAC-SHA256 of the body, hex). */
export const simulatorSignatureHeader = 'x-simulator-signature';

const signatureOf = (body: string, key: string): string =>
  createHmac('sha256', key).update(body).digest('hex');

/** A delivery of the simulator's notifications, as the local stack or a test sends it. */
export const simulatorDelivery = (
  notifications: ProcessorNotification[],
  key: string,
): NotificationDelivery => {
  const body = JSON.stringify({ notifications });
  return { headers: { [simulatorSignatureHeader]: signatureOf(body, key) }, body };
};

/** What the simulator notifies, later, of a modification it answered `pending` to. */
export const simulatedSettlement = (
  kind: 'capture' | 'void' | 'refund',
  input: { reference: string; processorReference: string; amount: number; currency: string },
  occurredAt: string,
): ProcessorNotification => {
  const simulated = caseOf(input.processorReference);
  const fails =
    (kind === 'capture' && simulated === 'captureFailsLater') ||
    (kind === 'refund' && simulated === 'refundFailsLater');
  const kinds: Record<typeof kind, [NotificationKind, NotificationKind]> = {
    capture: ['capture', 'capture_failed'],
    void: ['cancellation', 'cancellation'],
    refund: ['refund', 'refund_failed'],
  };
  const notificationKind = kinds[kind][fails ? 1 : 0];
  return {
    id: `${kind}.${input.reference}.${fails ? 'failed' : 'succeeded'}`,
    kind: notificationKind,
    event: notificationKind.toUpperCase(),
    success: !fails || kind === 'refund',
    reference: input.reference,
    processorReference: `${referencePrefix}.${kind}.${input.reference}`,
    paymentProcessorReference: input.processorReference,
    amount: { amount: input.amount, currency: input.currency },
    ...(fails ? { reason: `The simulated ${kind} failed` } : {}),
    occurredAt,
    live: false,
  };
};

/**
 * How long after it takes a capture or refund as pending the simulator settles it (on the
 * service's clock): it sends no notification, so the pending answer carries the one it would send.
 */
export const simulatorSettlementSeconds = 120;

const settlementOf = (
  kind: 'capture' | 'refund',
  input: { reference: string; processorReference: string; amount: number; currency: string },
): SelfSettlement => {
  const { occurredAt: _, ...notification } = simulatedSettlement(kind, input, '');
  return { afterSeconds: simulatorSettlementSeconds, notification };
};

const declined = (decline: DeclineCode, paymentToken: string): AuthorisationOutcome => ({
  outcome: 'declined',
  decline,
  raw: { code: decline, reason: `Simulated decline: ${decline}` },
  processorReference: processorReferenceOf('plain', paymentToken),
});

/** The card's answer once any authentication is behind it. */
const authorised = (cardNumber: string, paymentToken: string): AuthorisationOutcome => {
  const decline = declineFor(cardNumber);
  // The gateway error card: the processor refused the request itself, so nothing was made.
  if (decline === 'gateway_error')
    return { outcome: 'not_processed', raw: { code: 'gateway_error', reason: 'Simulated gateway error' } };
  if (decline) return declined(decline, paymentToken);
  return {
    outcome: 'approved',
    processorReference: processorReferenceOf(simulatedCaseFor(cardNumber), paymentToken),
  };
};

/**
 * What the payer's return from the simulated issuer's page must carry: `authentication` is
 * `succeeded`, or any other value (or none) for a failed authentication.
 */
export const simulatorAuthenticationField = 'authentication';

const wantsRedirect = (input: ProcessorAuthorisation, supportsThreeDSecure: boolean): string | null => {
  if (!supportsThreeDSecure) return null;
  if (input.threeDSecure.mode === 'redirect') return input.threeDSecure.returnUrl;
  if (input.threeDSecure.mode === 'none' && processorOutcomeFor(input.card.number) === 'threeDSecureRequired')
    return input.returnUrl;
  return null;
};

export interface PaymentSimulatorOptions {
  /** The key simulated notification deliveries are signed with. */
  notificationKey: string;
}

/**
 * The payment processor simulator: every outcome of the port chosen by a test card (test-cards.ts),
 * no state and no I/O, so every call is idempotent by construction. 3-D Secure by redirect sends
 * the payer straight back to the return URL (the simulated issuer's page is the return's own), an
 * unknown authorisation is looked up and found never made (not_processed): it fails with
 * `gateway_error` when its recovery job asks; and a capture or refund it takes as pending carries
 * the notification that settles it (simulatorSettlementSeconds later). A pending void carries
 * none: its notification would change nothing.
 */
export const simulatedPaymentProcessor = ({ notificationKey }: PaymentSimulatorOptions): PaymentProcessor => {
  const supportsThreeDSecure: PaymentProcessor['supportsThreeDSecure'] = (card) => card.scheme !== 'amex';
  const modification = (pending: boolean, kind: string, reference: string) =>
    ({
      outcome: pending ? 'pending' : 'succeeded',
      processorReference: `${referencePrefix}.${kind}.${reference}`,
    }) satisfies ModificationOutcome;
  return {
    name: 'simulator',
    // The test card decides every outcome: the CVC and what the payment is (`initiation`) are
    // taken, as an acquirer takes them, and change nothing.
    authorise: async (input) => {
      if (processorOutcomeFor(input.card.number) === 'unknownOutcome')
        return { outcome: 'unknown', reason: 'Simulated unknown outcome' };
      const returnUrl = wantsRedirect(input, supportsThreeDSecure(input.card.card));
      if (returnUrl === null) return authorised(input.card.number, input.paymentToken);
      // The completion carries the card's outcome, never its number.
      const outcome = authorised(input.card.number, input.paymentToken);
      return {
        outcome: 'action_required',
        redirect: { url: returnUrl, method: 'GET', data: {}, completion: JSON.stringify(outcome) },
      };
    },
    completeAuthentication: async ({ completion, returned, paymentToken }) =>
      returned[simulatorAuthenticationField] === 'succeeded'
        ? (JSON.parse(completion) as AuthorisationOutcome)
        : {
            outcome: 'declined',
            decline: 'card_declined',
            raw: { code: 'authentication_failed', reason: 'Simulated 3-D Secure failure' },
            processorReference: processorReferenceOf('plain', paymentToken),
          },
    capture: async (input) => {
      const simulated = caseOf(input.processorReference);
      const answer = modification(
        simulated === 'capturePending' || simulated === 'captureFailsLater',
        'capture',
        input.paymentToken,
      );
      return answer.outcome === 'pending'
        ? { ...answer, settlement: settlementOf('capture', input) }
        : answer;
    },
    void: async ({ processorReference, paymentToken }) =>
      modification(caseOf(processorReference) === 'voidPending', 'void', paymentToken),
    refund: async (input) => {
      const simulated = caseOf(input.processorReference);
      if (simulated === 'refundFails')
        return {
          outcome: 'failed',
          raw: { code: 'refused', reason: 'The refund was refused by the card issuer' },
        };
      const answer = modification(
        simulated === 'refundPending' || simulated === 'refundFailsLater',
        'refund',
        input.refundToken,
      );
      return answer.outcome === 'pending' ? { ...answer, settlement: settlementOf('refund', input) } : answer;
    },
    // The unknown-outcome card is the only unknown answer, and it makes nothing: the simulator
    // looks the payment up and proves it never had it.
    resolve: async () => ({
      outcome: 'not_processed',
      raw: { code: 'not_found', reason: 'The simulator made no payment of this reference' },
    }),
    readNotifications: (delivery): NotificationReading => {
      const given = delivery.headers[simulatorSignatureHeader] ?? '';
      const expected = signatureOf(delivery.body, notificationKey);
      if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected)))
        return { verdict: 'refused', reason: 'The signature does not match the body' };
      try {
        const { notifications } = JSON.parse(delivery.body) as { notifications: ProcessorNotification[] };
        if (!Array.isArray(notifications))
          return { verdict: 'refused', reason: 'No notifications in the body' };
        return {
          verdict: 'accepted',
          notifications,
          reply: { status: 200, contentType: 'text/plain', body: 'ok' },
        };
      } catch {
        return { verdict: 'refused', reason: 'The body is not JSON' };
      }
    },
    supportsThreeDSecure,
  };
};
