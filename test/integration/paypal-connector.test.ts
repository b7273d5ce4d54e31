import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaymentProcessor, ProcessorAuthorisation } from '@wattle/domain';
import { paypalProcessor } from '@wattle/paypal';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PayPalFake, startPayPalFake } from '../fakes/paypal.ts';
import { aProcessorAuthorisation } from '../helpers/builders.ts';

/**
 * The PayPal connector against a stateful fake of the REST endpoints it calls: what Prism cannot
 * give (the token's life, timeouts, 5xx, a connection dropped after the payment was made, a
 * repeated PayPal-Request-Id, signed webhooks), with real timeouts.
 */
let fake: PayPalFake;
let paypal: PaymentProcessor;
let counter = 0;

const processorOn = (apiUrl: string, overrides: { clientSecret?: string } = {}) =>
  paypalProcessor({
    apiUrl,
    clientId: fake.clientId,
    clientSecret: overrides.clientSecret ?? fake.clientSecret,
    webhookId: fake.webhookId,
    requestTimeoutMs: 500,
  });

beforeAll(async () => {
  fake = await startPayPalFake();
});
beforeEach(() => {
  // A processor per test: its token cache starts empty.
  fake.tokenLifetime(32_400);
  paypal = processorOn(fake.url);
});
afterAll(() => fake.close());

const open = () => new AbortController().signal;

const authorisation = (overrides: Partial<ProcessorAuthorisation> = {}): ProcessorAuthorisation => {
  counter += 1;
  return aProcessorAuthorisation('4111111111111111', {
    paymentToken: `ch_paypal${counter}`,
    reference: `ch_paypal${counter}.acct_paypal`,
    amount: 1234,
    currency: 'AUD',
    ...overrides,
  });
};

/** An authorisation approved at the fake, as capture, void and refund name it. */
const authorised = async () => {
  const held = authorisation({ capture: false });
  return {
    paymentToken: held.paymentToken,
    reference: held.reference,
    processorReference: await approved(held),
    deadline: open(),
  };
};

const approved = async (input: ProcessorAuthorisation): Promise<string> => {
  const outcome = await paypal.authorise(input);
  if (outcome.outcome !== 'approved') throw new Error(`expected approved, got ${JSON.stringify(outcome)}`);
  return outcome.processorReference;
};

describe("the PayPal connector's access token", () => {
  it('is fetched once and reused by every call of the container until it expires', async () => {
    const before = fake.tokensIssued();
    await approved(authorisation());
    await approved(authorisation({ capture: false }));
    await approved(authorisation());
    expect(fake.tokensIssued() - before).toBe(1);
  });

  it('is fetched again when it is about to expire', async () => {
    // A token that lasts 60 s is renewed at once (a minute's margin, so none lapses on the way).
    fake.tokenLifetime(60);
    const before = fake.tokensIssued();
    await approved(authorisation());
    await approved(authorisation());
    expect(fake.tokensIssued() - before).toBe(2);
  });

  it('is dropped when PayPal refuses it, and the call is sent once more with a new one (the same PayPal-Request-Id)', async () => {
    await approved(authorisation());
    fake.revokeTokens();
    const input = authorisation();
    await approved(input);
    const sent = fake.requests.filter(({ operation }) => operation === 'orders').slice(-2);
    expect(sent.map(({ headers }) => headers['paypal-request-id'])).toEqual([
      `order.${input.paymentToken}`,
      `order.${input.paymentToken}`,
    ]);
    expect(fake.madeFor(input.reference)).toBe(1);
  });

  it('refused (wrong client secret) leaves the payment not_processed: the order was never sent', async () => {
    const refused = processorOn(fake.url, { clientSecret: 'not-the-secret' });
    const input = authorisation();
    expect(await refused.authorise(input)).toMatchObject({
      outcome: 'not_processed',
      raw: { code: 'not_sent', reason: expect.stringContaining('No access token') },
    });
    expect(fake.madeFor(input.reference)).toBe(0);
  });
});

describe('the PayPal connector, when PayPal does not answer', () => {
  it('a timeout after the order was made is unknown; sent again with the same token, the order is made once', async () => {
    const input = authorisation();
    fake.answerNext('orders', { hang: true });
    const started = Date.now();
    expect(await paypal.authorise(input)).toMatchObject({ outcome: 'unknown' });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(fake.madeFor(input.reference)).toBe(1);
    const again = await paypal.authorise(input);
    expect(again.outcome).toBe('approved');
    expect(fake.madeFor(input.reference)).toBe(1);
  });

  it('a dropped connection after the payment was made is unknown, never failed; the retry charges once', async () => {
    const input = authorisation();
    fake.answerNext('orders', { reset: true });
    expect(await paypal.authorise(input)).toMatchObject({ outcome: 'unknown' });
    const captures = fake.captures();
    expect(await paypal.authorise(input)).toMatchObject({ outcome: 'approved' });
    expect(fake.captures()).toBe(captures);
    expect(fake.madeFor(input.reference)).toBe(1);
  });

  it('a 5xx is unknown; a 4xx refusing the request is not_processed; a 422 refusing the card is a decline', async () => {
    fake.answerNext('orders', { status: 503, body: { name: 'SERVICE_UNAVAILABLE' } });
    expect(await paypal.authorise(authorisation())).toMatchObject({ outcome: 'unknown' });
    fake.answerNext('orders', {
      status: 400,
      body: {
        name: 'INVALID_REQUEST',
        details: [{ issue: 'INVALID_PARAMETER_SYNTAX', description: 'card 4111111111111111' }],
      },
    });
    const invalid = await paypal.authorise(authorisation());
    expect(invalid).toMatchObject({ outcome: 'not_processed', raw: { code: 'INVALID_PARAMETER_SYNTAX' } });
    // A card number PayPal echoed is never kept.
    expect(JSON.stringify(invalid)).not.toContain('4111111111111111');
    fake.answerNext('orders', {
      status: 422,
      body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'CARD_EXPIRED' }] },
    });
    expect(await paypal.authorise(authorisation())).toMatchObject({
      outcome: 'declined',
      decline: 'expired_card',
    });
    fake.answerNext('orders', { status: 409, body: { name: 'CONFLICT' } });
    expect(await paypal.authorise(authorisation())).toMatchObject({ outcome: 'unknown' });
  });

  it('no connection at all, or a deadline already passed, is not_processed: nothing left', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await processorOn(`http://127.0.0.1:${port}`).authorise(authorisation())).toMatchObject({
      outcome: 'not_processed',
    });
    const input = authorisation({ deadline: AbortSignal.abort() });
    expect(await paypal.authorise(input)).toMatchObject({ outcome: 'not_processed' });
    expect(fake.madeFor(input.reference)).toBe(0);
  });

  it('a capture, a void and a refund whose answer was lost are unknown, and done once when sent again', async () => {
    const payment = await authorised();
    const captures = fake.captures();
    fake.answerNext('capture', { hang: true });
    expect(await paypal.capture({ ...payment, amount: 1234, currency: 'AUD' })).toMatchObject({
      outcome: 'unknown',
    });
    expect(await paypal.capture({ ...payment, amount: 1234, currency: 'AUD' })).toMatchObject({
      outcome: 'succeeded',
    });
    expect(fake.captures()).toBe(captures + 1);

    const refunds = fake.refunds();
    const refund = {
      ...payment,
      refundToken: 'rf_lost',
      reference: 'rf_lost.acct_paypal',
      amount: 500,
      currency: 'AUD',
    };
    fake.answerNext('refund', { status: 500, body: { name: 'INTERNAL_SERVER_ERROR' } });
    expect(await paypal.refund(refund)).toMatchObject({ outcome: 'unknown' });
    fake.answerNext('refund', { reset: true });
    expect(await paypal.refund(refund)).toMatchObject({ outcome: 'unknown' });
    expect(await paypal.refund(refund)).toMatchObject({ outcome: 'succeeded' });
    expect(fake.refunds()).toBe(refunds + 1);

    const voiding = await authorised();
    fake.answerNext('void', { reset: true });
    expect(await paypal.void(voiding)).toMatchObject({ outcome: 'unknown' });
    // Void takes no PayPal-Request-Id in PayPal's definition: sent again, PayPal says it was voided already.
    expect(await paypal.void(voiding)).toEqual({ outcome: 'succeeded' });
  });

  it('a capture PayPal refuses (the authorization voided) failed and moved nothing', async () => {
    const payment = await authorised();
    expect(await paypal.void(payment)).toEqual({ outcome: 'succeeded' });
    const captures = fake.captures();
    expect(
      await paypal.capture({
        ...payment,
        paymentToken: `${payment.paymentToken}x`,
        amount: 1234,
        currency: 'AUD',
      }),
    ).toMatchObject({
      outcome: 'failed',
      raw: { code: 'AUTHORIZATION_VOIDED' },
    });
    expect(fake.captures()).toBe(captures);
  });

  it("resolves nothing by our reference: PayPal has no look-up, so an unknown payment waits for PayPal's notification", async () => {
    expect(
      await paypal.resolve({ paymentToken: 'ch_x', reference: 'ch_x.acct_paypal', deadline: open() }),
    ).toMatchObject({
      outcome: 'unknown',
    });
  });
});

describe("the PayPal connector's webhooks", () => {
  const capture = (id: string, type = 'PAYMENT.CAPTURE.COMPLETED') => ({
    id,
    event_type: type,
    create_time: '2026-12-07T10:00:00Z',
    resource_type: 'capture',
    resource: {
      id: '8MC585209K746392H',
      status: 'COMPLETED',
      custom_id: 'ch_paypal1.acct_paypal',
      amount: { currency_code: 'AUD', value: '12.34' },
      supplementary_data: {
        related_ids: { order_id: '5O190127TN364715T', authorization_id: '0VF52814937998046' },
      },
    },
  });

  it('accepts a delivery PayPal verifies: a capture of an authorization names the payment by order and authorization', async () => {
    const delivery = fake.signedDelivery(capture('WH-1'));
    expect(await paypal.readNotifications(delivery)).toEqual({
      verdict: 'accepted',
      notifications: [
        {
          id: 'WH-1',
          kind: 'capture',
          event: 'PAYMENT.CAPTURE.COMPLETED',
          success: true,
          reference: 'ch_paypal1.acct_paypal',
          processorReference: '8MC585209K746392H',
          paymentProcessorReference: '5O190127TN364715T/0VF52814937998046',
          amount: { amount: 1234, currency: 'AUD' },
          occurredAt: '2026-12-07T10:00:00Z',
          live: false,
        },
      ],
      reply: { status: 200, contentType: 'text/plain', body: 'OK' },
    });
    expect(fake.requests.at(-1)?.body).toMatchObject({ webhook_id: fake.webhookId });
  });

  it('refuses one signed with another key, one changed on the way, and one without the headers', async () => {
    expect(await paypal.readNotifications(fake.signedDelivery(capture('WH-2'), 'another key'))).toMatchObject(
      {
        verdict: 'refused',
      },
    );
    const delivery = fake.signedDelivery(capture('WH-3'));
    expect(
      await paypal.readNotifications({ ...delivery, body: delivery.body.replace('12.34', '1234.00') }),
    ).toMatchObject({ verdict: 'refused' });
    expect(await paypal.readNotifications({ headers: {}, body: delivery.body })).toMatchObject({
      verdict: 'refused',
      reason: expect.stringContaining('PAYPAL-AUTH-ALGO'),
    });
  });

  it('throws when PayPal cannot answer the check, so the delivery is answered 5xx and sent again', async () => {
    fake.answerNext('verify', { status: 503, body: { name: 'SERVICE_UNAVAILABLE' } });
    await expect(paypal.readNotifications(fake.signedDelivery(capture('WH-4')))).rejects.toThrow();
    fake.answerNext('verify', { hang: true });
    await expect(paypal.readNotifications(fake.signedDelivery(capture('WH-5')))).rejects.toThrow();
  });

  it('reads a duplicate with the same id (applied once by it), and a PENDING capture after the COMPLETED one as nothing to do', async () => {
    const first = await paypal.readNotifications(fake.signedDelivery(capture('WH-6')));
    const resent = await paypal.readNotifications(fake.signedDelivery(capture('WH-6')));
    expect(first.verdict === 'accepted' && first.notifications[0]?.id).toBe('WH-6');
    expect(resent.verdict === 'accepted' && resent.notifications[0]?.id).toBe('WH-6');
    const late = await paypal.readNotifications(
      fake.signedDelivery(capture('WH-7', 'PAYMENT.CAPTURE.PENDING')),
    );
    expect(late).toMatchObject({ verdict: 'accepted', notifications: [{ kind: 'other' }] });
  });
});
