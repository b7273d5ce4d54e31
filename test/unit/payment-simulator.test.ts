import type { ProcessorThreeDSecure } from '@wattle/domain';
import {
  declineCards,
  processorOutcomeCards,
  refundFailsCard,
  simulatedPaymentProcessor,
  simulatedSettlement,
  simulatorAuthenticationField,
  simulatorDelivery,
  simulatorSignatureHeader,
  successCards,
} from '@wattle/processor';
import { describe, expect, it } from 'vitest';
import { aProcessorAuthorisation } from '../helpers/builders.ts';

const key = 'simulator-notification-key';
const processor = simulatedPaymentProcessor({ notificationKey: key });
const deadline = new AbortController().signal;

const authorisation = (number: string, threeDSecure: ProcessorThreeDSecure = { mode: 'none' }) =>
  aProcessorAuthorisation(number, { paymentToken: 'ch_simulated', threeDSecure });

/** Authorises on the card and returns the processor reference of the approved payment. */
const approvedReference = async (number: string): Promise<string> => {
  const outcome = await processor.authorise(authorisation(number));
  if (outcome.outcome !== 'approved') throw new Error(`expected approved, got ${outcome.outcome}`);
  return outcome.processorReference;
};

describe('the payment simulator, authorising', () => {
  it('approves a success card with a processor reference of its own', async () => {
    const outcome = await processor.authorise(authorisation(successCards.visa));
    expect(outcome).toEqual({
      outcome: 'approved',
      processorReference: expect.stringContaining('ch_simulated'),
    });
  });

  it("declines each decline card with Pin's code, the raw code kept", async () => {
    for (const code of [
      'card_declined',
      'insufficient_funds',
      'lost_card',
      'stolen_card',
      'unknown',
    ] as const) {
      const outcome = await processor.authorise(authorisation(declineCards[code].mastercard));
      expect(outcome).toMatchObject({ outcome: 'declined', decline: code, raw: { code } });
    }
  });

  it('answers not_processed on the gateway error card: gateway_error only where nothing was made', async () => {
    expect(await processor.authorise(authorisation(declineCards.gateway_error.visa))).toMatchObject({
      outcome: 'not_processed',
    });
  });

  it('answers unknown on the unknown-outcome card, and resolving it finds it never made', async () => {
    expect(await processor.authorise(authorisation(processorOutcomeCards.unknownOutcome))).toMatchObject({
      outcome: 'unknown',
    });
    expect(
      await processor.resolve({
        paymentToken: 'ch_simulated',
        reference: 'ch_simulated.acct_simulated',
        deadline,
      }),
    ).toMatchObject({
      outcome: 'not_processed',
    });
  });
});

describe('the payment simulator, 3-D Secure', () => {
  const redirect = { mode: 'redirect', returnUrl: 'https://wattle.example/3ds/ch_simulated' } as const;

  it('sends the payer to the return URL when the merchant asks for 3-D Secure, and completes on success', async () => {
    const outcome = await processor.authorise(authorisation(successCards.visa, redirect));
    if (outcome.outcome !== 'action_required')
      throw new Error(`expected action_required, got ${outcome.outcome}`);
    expect(outcome.redirect).toMatchObject({ url: redirect.returnUrl, method: 'GET' });
    expect(outcome.redirect.completion).not.toContain(successCards.visa);
    const completed = await processor.completeAuthentication({
      paymentToken: 'ch_simulated',
      completion: outcome.redirect.completion,
      returned: { [simulatorAuthenticationField]: 'succeeded' },
      deadline,
    });
    expect(completed).toMatchObject({ outcome: 'approved' });
  });

  /** Authorises on the card with 3-D Secure asked for, then completes with the payer's answer. */
  const authenticated = async (number: string, answer: string) => {
    const outcome = await processor.authorise(authorisation(number, redirect));
    if (outcome.outcome !== 'action_required')
      throw new Error(`expected action_required, got ${outcome.outcome}`);
    return processor.completeAuthentication({
      paymentToken: 'ch_simulated',
      completion: outcome.redirect.completion,
      returned: { [simulatorAuthenticationField]: answer },
      deadline,
    });
  };

  it("keeps the card's decline for after the authentication", async () => {
    expect(await authenticated(declineCards.insufficient_funds.visa, 'succeeded')).toMatchObject({
      outcome: 'declined',
      decline: 'insufficient_funds',
    });
  });

  it('declines a payment whose payer failed the authentication', async () => {
    expect(await authenticated(successCards.visa, 'failed')).toMatchObject({
      outcome: 'declined',
      decline: 'card_declined',
    });
  });

  it('asks for 3-D Secure on its own on the 3-D Secure required card, to the fallback return URL', async () => {
    const outcome = await processor.authorise(authorisation(processorOutcomeCards.threeDSecureRequired));
    expect(outcome).toMatchObject({
      outcome: 'action_required',
      redirect: { url: 'https://wattle.example/3ds/return' },
    });
  });

  it('charges an Amex card, which takes no part in 3-D Secure, without sending the payer anywhere', async () => {
    expect(await processor.authorise(authorisation(successCards.amex, redirect))).toMatchObject({
      outcome: 'approved',
    });
  });
});

describe('the payment simulator, captures, voids and refunds', () => {
  const call = async (number: string) => {
    const processorReference = await approvedReference(number);
    const payment = {
      paymentToken: 'ch_simulated',
      reference: 'ch_simulated.acct_simulated',
      processorReference,
      deadline,
    };
    return {
      capture: await processor.capture({ ...payment, amount: 1000, currency: 'AUD' }),
      void: await processor.void(payment),
      refund: await processor.refund({
        ...payment,
        refundToken: 'rf_simulated',
        reference: 'rf_simulated.acct_simulated',
        amount: 500,
        currency: 'AUD',
      }),
    };
  };

  it('succeeds at once on a success card', async () => {
    const outcomes = await call(successCards.visa);
    expect([outcomes.capture.outcome, outcomes.void.outcome, outcomes.refund.outcome]).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
  });

  it('answers pending where the card says so', async () => {
    expect((await call(processorOutcomeCards.capturePending)).capture.outcome).toBe('pending');
    expect((await call(processorOutcomeCards.captureFailsLater)).capture.outcome).toBe('pending');
    expect((await call(processorOutcomeCards.voidPending)).void.outcome).toBe('pending');
    expect((await call(processorOutcomeCards.refundPending)).refund.outcome).toBe('pending');
    expect((await call(processorOutcomeCards.refundFailsLater)).refund.outcome).toBe('pending');
  });

  it("fails the refund of the refund-fails card at once, as today's simulator does", async () => {
    expect((await call(refundFailsCard)).refund).toMatchObject({ outcome: 'failed' });
  });

  it('notifies a pending capture as failed later on the capture-fails-later card, and as captured otherwise', async () => {
    const failing = await approvedReference(processorOutcomeCards.captureFailsLater);
    const passing = await approvedReference(processorOutcomeCards.capturePending);
    const settle = (processorReference: string) =>
      simulatedSettlement(
        'capture',
        { reference: 'ch_simulated', processorReference, amount: 1000, currency: 'AUD' },
        '2026-01-01T00:00:00Z',
      );
    expect(settle(failing)).toMatchObject({
      kind: 'capture_failed',
      success: false,
      reference: 'ch_simulated',
    });
    expect(settle(passing)).toMatchObject({ kind: 'capture', success: true });
  });

  it('notifies a pending refund as failed later on the refund-fails-later card', async () => {
    const processorReference = await approvedReference(processorOutcomeCards.refundFailsLater);
    const notification = simulatedSettlement(
      'refund',
      { reference: 'rf_simulated', processorReference, amount: 500, currency: 'AUD' },
      '2026-01-01T00:00:00Z',
    );
    expect(notification).toMatchObject({ kind: 'refund_failed', reference: 'rf_simulated' });
  });
});

describe('the payment simulator, notifications', () => {
  const notification = simulatedSettlement(
    'refund',
    {
      reference: 'rf_simulated',
      processorReference: 'sim.refundPending.ch_simulated',
      amount: 500,
      currency: 'AUD',
    },
    '2026-01-01T00:00:00Z',
  );

  it('accepts a delivery signed with its key', () => {
    const reading = processor.readNotifications(simulatorDelivery([notification], key));
    expect(reading).toMatchObject({ verdict: 'accepted', notifications: [notification] });
  });

  it('refuses a delivery signed with another key, or whose body was changed', () => {
    expect(processor.readNotifications(simulatorDelivery([notification], 'another key'))).toMatchObject({
      verdict: 'refused',
    });
    const delivery = simulatorDelivery([notification], key);
    const changed = { ...delivery, body: delivery.body.replace('500', '50000') };
    expect(processor.readNotifications(changed)).toMatchObject({ verdict: 'refused' });
    expect(processor.readNotifications({ headers: {}, body: delivery.body })).toMatchObject({
      verdict: 'refused',
    });
    expect(delivery.headers[simulatorSignatureHeader]).toMatch(/^[0-9a-f]{64}$/);
  });
});
