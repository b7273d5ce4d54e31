import type {
  AuthorisationOutcome,
  DeclineCode,
  ModificationOutcome,
  PaymentInitiation,
  PaymentProcessor,
  ResolutionOutcome,
} from '@wattle/domain';

/** What the fake was asked to authorise (the card's number and CVC, never kept by Wattle, included). */
export interface Authorised {
  reference: string;
  cardNumber: string;
  /** The CVC, when one was sent. */
  cvc?: string | undefined;
  initiation: PaymentInitiation;
  amount: number;
  currency: string;
  capture: boolean;
}

export type FakeProcessor = PaymentProcessor & {
  account: string;
  authorised: Authorised[];
  captured: { reference: string; amount: number }[];
  voided: string[];
  resolved: string[];
  /** The payments whose 3-D Secure the processor was asked to complete. */
  completed: string[];
  /** The next authorisation throws (a crash mid-request). */
  failNext(): void;
  /** The next authorisation's outcome is unknown (a timeout, a 5xx). */
  unknownNext(): void;
  /** What `resolve` answers (default: cancel_requested, as Adyen's cancel by reference). */
  resolution: ResolutionOutcome;
  /** What capture and void answer (default: succeeded). */
  modification: ModificationOutcome;
  threeDSecure: boolean;
};

/**
 * A payment processor that approves every number but the declined ones, and remembers what it
 * was asked. Its processor reference of a payment is `psp_{token}`.
 */
export const fakeProcessor = (
  declines: Record<string, DeclineCode> = { '4100000000000001': 'card_declined' },
): FakeProcessor => {
  let next: 'throw' | 'unknown' | null = null;
  const processor: FakeProcessor = {
    name: 'fake',
    account: 'fake',
    authorised: [],
    captured: [],
    voided: [],
    resolved: [],
    completed: [],
    resolution: { outcome: 'cancel_requested' },
    modification: { outcome: 'succeeded' },
    threeDSecure: true,
    failNext: () => {
      next = 'throw';
    },
    unknownNext: () => {
      next = 'unknown';
    },
    authorise: async (input): Promise<AuthorisationOutcome> => {
      const answer = next;
      next = null;
      if (answer === 'throw') throw new Error('The processor did not answer');
      processor.authorised.push({
        reference: input.paymentToken,
        cardNumber: input.card.number,
        cvc: input.card.cvc,
        initiation: input.initiation,
        amount: input.amount,
        currency: input.currency,
        capture: input.capture,
      });
      if (answer === 'unknown') return { outcome: 'unknown', reason: 'Timed out' };
      // 3-D Secure by redirect: back to the return URL, completed by `authentication=succeeded`.
      if (input.threeDSecure.mode === 'redirect')
        return {
          outcome: 'action_required',
          redirect: {
            url: input.threeDSecure.returnUrl,
            method: 'GET',
            data: {},
            completion: input.card.number,
          },
        };
      const decline = declines[input.card.number];
      return decline
        ? { outcome: 'declined', decline, raw: { code: `raw_${decline}`, reason: decline } }
        : { outcome: 'approved', processorReference: `psp_${input.paymentToken}` };
    },
    completeAuthentication: async ({ paymentToken, completion, returned }) => {
      processor.completed.push(paymentToken);
      if (returned.authentication !== 'succeeded')
        return {
          outcome: 'declined',
          decline: 'card_declined',
          raw: { code: 'auth_failed', reason: 'Failed' },
        };
      const decline = declines[completion];
      return decline
        ? { outcome: 'declined', decline, raw: { code: `raw_${decline}`, reason: decline } }
        : { outcome: 'approved', processorReference: `psp_${paymentToken}` };
    },
    capture: async ({ paymentToken, amount }) => {
      processor.captured.push({ reference: paymentToken, amount });
      return processor.modification;
    },
    void: async ({ paymentToken }) => {
      processor.voided.push(paymentToken);
      return processor.modification;
    },
    refund: async () => ({ outcome: 'succeeded' }),
    resolve: async ({ paymentToken }) => {
      processor.resolved.push(paymentToken);
      return processor.resolution;
    },
    readNotifications: () => ({ verdict: 'refused', reason: 'The fake sends none' }),
    supportsThreeDSecure: () => processor.threeDSecure,
  };
  return processor;
};

/** A logger that writes nothing, for flows that log. */
export const quietLogger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/**
 * The deps a flow asks the processor through: `processor` for every scope, no deadline, no logs,
 * and merchants with no routing of their own (every payment on the default account).
 */
export const processorDeps = <P extends PaymentProcessor>(processor: P) => ({
  processor,
  processorOf: () => processor,
  deadline: () => new AbortController().signal,
  logger: quietLogger,
  accounts: { get: async () => null },
});
