import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adyenProcessor } from '@wattle/adyen';
import type { PaymentProcessor, ProcessorAuthorisation, ProcessorThreeDSecure } from '@wattle/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdyenFake, fakeApiKey, startAdyenFake } from '../fakes/adyen.ts';
import { aProcessorAuthorisation } from '../helpers/builders.ts';

/**
 * The Adyen connector against a stateful fake of the Checkout endpoints it calls: the outcomes
 * Prism cannot give (timeouts, 500s, dropped connections, a payment made although no answer came)
 * and what a repeated Idempotency-Key does.
 */
let fake: AdyenFake;
let adyen: PaymentProcessor;
let counter = 0;

beforeAll(async () => {
  fake = await startAdyenFake();
  adyen = adyenProcessor({
    checkoutUrl: fake.url,
    apiKey: fakeApiKey,
    merchantAccount: fake.merchantAccount,
    hmacKey: fake.hmacKey,
    requestTimeoutMs: 500,
  });
});
afterAll(() => fake.close());

const open = () => new AbortController().signal;
const number = '4111111111111111';

const authorisation = (overrides: Partial<ProcessorAuthorisation> = {}): ProcessorAuthorisation => {
  counter += 1;
  return aProcessorAuthorisation(number, {
    paymentToken: `ch_adyen${counter}`,
    reference: `ch_adyen${counter}.acct_adyen`,
    amount: 1234,
    currency: 'aud',
    email: 'payer@example.com',
    ipAddress: '203.0.113.9',
    ...overrides,
  });
};

const lastRequest = (operation: string) => {
  const request = fake.requests.filter((r) => r.operation === operation).at(-1);
  if (!request) throw new Error(`no ${operation} request`);
  return request;
};

const approved = async (input: ProcessorAuthorisation): Promise<string> => {
  const outcome = await adyen.authorise(input);
  if (outcome.outcome !== 'approved') throw new Error(`expected approved, got ${JSON.stringify(outcome)}`);
  return outcome.processorReference;
};

describe('the Adyen connector, authorising', () => {
  it('sends the card in full with our reference, keyed by our token, and captures at once for capture=true', async () => {
    const input = authorisation();
    const pspReference = await approved(input);
    const request = lastRequest('payments');
    expect(request.headers['idempotency-key']).toBe(`payment.${input.paymentToken}`);
    expect(request.headers.prefer).toBeUndefined();
    expect(request.body).toMatchObject({
      merchantAccount: fake.merchantAccount,
      reference: input.reference,
      amount: { value: 1234, currency: 'AUD' },
      paymentMethod: { type: 'scheme', number, expiryMonth: expect.stringMatching(/^\d\d$/), cvc: '123' },
      captureDelayHours: 0,
      returnUrl: input.returnUrl,
      shopperEmail: 'payer@example.com',
      authenticationData: { attemptAuthentication: 'never' },
    });
    expect(fake.payments.get(input.reference)).toMatchObject({ pspReference, state: 'captured' });
  });

  it('asks for manual capture for capture=false, then captures, cancels and refunds by pspReference (pending)', async () => {
    const input = authorisation({ capture: false });
    const processorReference = await approved(input);
    expect(lastRequest('payments').body).toMatchObject({ additionalData: { manualCapture: 'true' } });
    expect(lastRequest('payments').body.captureDelayHours).toBeUndefined();
    const payment = {
      paymentToken: input.paymentToken,
      reference: input.reference,
      processorReference,
      deadline: open(),
    };

    expect(await adyen.capture({ ...payment, amount: 1234, currency: 'aud' })).toMatchObject({
      outcome: 'pending',
      processorReference: expect.any(String),
    });
    expect(lastRequest('captures')).toMatchObject({
      path: `/v71/payments/${processorReference}/captures`,
      headers: { 'idempotency-key': `capture.${input.paymentToken}` },
      body: { amount: { value: 1234, currency: 'AUD' }, reference: input.reference },
    });
    expect(
      await adyen.refund({
        ...payment,
        refundToken: 'rf_adyen1',
        reference: 'rf_adyen1.acct_adyen',
        amount: 500,
        currency: 'AUD',
      }),
    ).toMatchObject({
      outcome: 'pending',
    });
    expect(lastRequest('refunds')).toMatchObject({
      headers: { 'idempotency-key': 'refund.rf_adyen1' },
      body: { amount: { value: 500, currency: 'AUD' }, reference: 'rf_adyen1.acct_adyen' },
    });
    expect(await adyen.void(payment)).toMatchObject({ outcome: 'pending' });
    expect(lastRequest('cancels').headers['idempotency-key']).toBe(`cancel.${input.paymentToken}`);
  });

  it("maps a refusal to Pin's decline, the raw code kept, and lost cards by the raw answer", async () => {
    fake.answerNext(
      'payments',
      {
        status: 200,
        body: {
          resultCode: 'Refused',
          pspReference: 'R1',
          refusalReason: 'Not enough balance',
          refusalReasonCode: '12',
        },
      },
      {
        status: 200,
        body: {
          resultCode: 'Refused',
          pspReference: 'R2',
          refusalReason: 'Blocked Card',
          refusalReasonCode: '5',
          additionalData: { refusalReasonRaw: '41 : Lost card' },
        },
      },
      {
        status: 200,
        body: { resultCode: 'Refused', refusalReason: 'Brand new reason', refusalReasonCode: '777' },
      },
      { status: 200, body: { resultCode: 'Error', refusalReason: 'Acquirer Error', refusalReasonCode: '4' } },
    );
    expect(await adyen.authorise(authorisation())).toEqual({
      outcome: 'declined',
      decline: 'insufficient_funds',
      raw: { code: '12', reason: 'Not enough balance' },
      processorReference: 'R1',
    });
    expect(await adyen.authorise(authorisation())).toMatchObject({
      outcome: 'declined',
      decline: 'lost_card',
    });
    expect(await adyen.authorise(authorisation())).toMatchObject({
      outcome: 'declined',
      decline: 'card_declined',
    });
    expect(await adyen.authorise(authorisation())).toMatchObject({
      outcome: 'declined',
      decline: 'processing_error',
    });
  });

  it('answers not_processed when Adyen refuses the request itself (a validation error, a bad key)', async () => {
    fake.answerNext('payments', {
      status: 422,
      body: { status: 422, errorCode: '101', message: 'Invalid card number', errorType: 'validation' },
    });
    expect(await adyen.authorise(authorisation())).toEqual({
      outcome: 'not_processed',
      raw: { code: '101', reason: 'Invalid card number' },
    });
    fake.answerNext('payments', {
      status: 422,
      body: {
        status: 422,
        errorCode: '101',
        message: `Invalid card number ${number}`,
        errorType: 'validation',
      },
    });
    expect(await adyen.authorise(authorisation())).toMatchObject({
      outcome: 'not_processed',
      raw: { reason: 'Invalid card number [number]' },
    });
    // Nor the CVC, should an answer echo the request's field.
    fake.answerNext('payments', {
      status: 422,
      body: {
        status: 422,
        errorCode: '000',
        message: 'Unexpected field in {"cvc":"737","cvc": 1234, cvc=999}',
        errorType: 'validation',
      },
    });
    expect(await adyen.authorise(authorisation())).toMatchObject({
      outcome: 'not_processed',
      raw: { reason: 'Unexpected field in {"cvc":"[cvc]","cvc": [cvc], cvc=[cvc]}' },
    });
    const wrongKey = adyenProcessor({
      checkoutUrl: fake.url,
      apiKey: 'not-the-key',
      merchantAccount: fake.merchantAccount,
      hmacKey: fake.hmacKey,
    });
    expect(await wrongKey.authorise(authorisation())).toMatchObject({ outcome: 'not_processed' });
  });
  it('answers not_processed for a request that never left: no connection, or the deadline already past', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = adyenProcessor({
      checkoutUrl: `http://127.0.0.1:${port}/v71`,
      apiKey: fakeApiKey,
      merchantAccount: fake.merchantAccount,
      hmacKey: fake.hmacKey,
    });
    expect(await unreachable.authorise(authorisation())).toMatchObject({
      outcome: 'not_processed',
      raw: { code: 'not_sent' },
    });
    const before = fake.requests.length;
    expect(await adyen.authorise(authorisation({ deadline: AbortSignal.abort() }))).toMatchObject({
      outcome: 'not_processed',
    });
    expect(fake.requests.length).toBe(before);
  });
});

describe('the Adyen connector, unknown outcomes', () => {
  it('answers unknown on a timeout, and the same token sent again is the same payment, made once', async () => {
    fake.answerNext('payments', { hang: true });
    const input = authorisation();
    const started = Date.now();
    expect(await adyen.authorise(input)).toMatchObject({ outcome: 'unknown' });
    expect(Date.now() - started).toBeLessThan(5_000);
    // The payment was made at Adyen although no answer came.
    expect(fake.madeFor(input.reference)).toBe(1);
    const pspReference = await approved({ ...input, deadline: open() });
    expect(pspReference).toBe(fake.payments.get(input.reference)?.pspReference);
    expect(fake.madeFor(input.reference)).toBe(1);
  });

  it('answers unknown on a 500 and on a dropped connection, never not_processed', async () => {
    fake.answerNext('payments', {
      status: 500,
      body: { status: 500, errorCode: '905', message: 'Internal error' },
    });
    expect(await adyen.authorise(authorisation())).toMatchObject({ outcome: 'unknown' });
    fake.answerNext('payments', { reset: true });
    expect(await adyen.authorise(authorisation())).toMatchObject({ outcome: 'unknown' });
  });

  it("gives up at the call's deadline with unknown", async () => {
    fake.answerNext('payments', { hang: true });
    const deadline = AbortSignal.timeout(50);
    const slow = adyenProcessor({
      checkoutUrl: fake.url,
      apiKey: fakeApiKey,
      merchantAccount: fake.merchantAccount,
      hmacKey: fake.hmacKey,
    });
    const started = Date.now();
    expect(await slow.authorise(authorisation({ deadline }))).toMatchObject({ outcome: 'unknown' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('leaves the outcome unknown for Received and for a native 3-D Secure action it did not ask for', async () => {
    fake.answerNext(
      'payments',
      { status: 200, body: { resultCode: 'Received', pspReference: 'RCV1' } },
      { status: 200, body: { resultCode: 'IdentifyShopper', action: { type: 'threeDS2', token: 'x' } } },
    );
    expect(await adyen.authorise(authorisation())).toMatchObject({
      outcome: 'unknown',
      processorReference: 'RCV1',
    });
    expect(await adyen.authorise(authorisation())).toMatchObject({ outcome: 'unknown' });
  });

  it('resolves an unknown payment by cancelling it by our reference: cancel_requested, proving nothing yet', async () => {
    fake.answerNext('payments', { hang: true });
    const input = authorisation({ capture: false });
    expect(await adyen.authorise(input)).toMatchObject({ outcome: 'unknown' });
    expect(
      await adyen.resolve({ paymentToken: input.paymentToken, reference: input.reference, deadline: open() }),
    ).toMatchObject({
      // Taken, not done: whether anything was captured first, its notification tells.
      outcome: 'cancel_requested',
    });
    expect(lastRequest('cancels-by-reference')).toMatchObject({
      headers: { 'idempotency-key': `cancel-by-reference.${input.paymentToken}` },
      body: { merchantAccount: fake.merchantAccount, paymentReference: input.reference },
    });
    expect(fake.payments.get(input.reference)?.state).toBe('cancelled');
  });

  it('keeps a resolution unknown while Adyen does not take the cancel', async () => {
    fake.answerNext('cancels-by-reference', {
      status: 500,
      body: { status: 500, errorCode: '905', message: 'down' },
    });
    expect(
      await adyen.resolve({ paymentToken: 'ch_never', reference: 'ch_never.acct_adyen', deadline: open() }),
    ).toMatchObject({
      outcome: 'unknown',
    });
  });
});

describe('the Adyen connector, modifications that fail', () => {
  it('fails a capture Adyen refuses as invalid, and leaves one that met a 500 unknown, then taken once', async () => {
    expect(
      await adyen.capture({
        paymentToken: 'ch_nothing',
        reference: 'ch_nothing.acct_adyen',
        processorReference: 'NOSUCHPSP',
        amount: 100,
        currency: 'AUD',
        deadline: open(),
      }),
    ).toMatchObject({ outcome: 'failed', raw: { code: '167' } });

    const input = authorisation({ capture: false });
    const processorReference = await approved(input);
    fake.answerNext('captures', { status: 500, body: { status: 500, errorCode: '905', message: 'down' } });
    const capture = {
      paymentToken: input.paymentToken,
      reference: input.reference,
      processorReference,
      amount: 1234,
      currency: 'AUD',
    };
    expect(await adyen.capture({ ...capture, deadline: open() })).toMatchObject({ outcome: 'unknown' });
    const first = await adyen.capture({ ...capture, deadline: open() });
    const again = await adyen.capture({ ...capture, deadline: open() });
    expect(first).toMatchObject({ outcome: 'pending' });
    // The same key: Adyen's first answer again, not a second capture.
    expect(again).toEqual(first);
  });
});

describe('the Adyen connector, 3-D Secure', () => {
  const redirect: ProcessorThreeDSecure = { mode: 'redirect', returnUrl: 'https://wattle.example/3ds/ch' };

  it('asks Adyen for 3-D Secure by redirect, sends the payer there and completes with what they bring back', async () => {
    const input = authorisation({ threeDSecure: redirect });
    const outcome = await adyen.authorise(input);
    if (outcome.outcome !== 'action_required')
      throw new Error(`expected action_required: ${JSON.stringify(outcome)}`);
    expect(lastRequest('payments').body).toMatchObject({
      returnUrl: 'https://wattle.example/3ds/ch',
      authenticationData: {
        attemptAuthentication: 'always',
        threeDSRequestData: { nativeThreeDS: 'disabled' },
      },
    });
    expect(outcome.redirect).toMatchObject({ url: expect.stringContaining('/issuer/'), method: 'GET' });
    const pspReference = fake.payments.get(input.reference)?.pspReference;
    const completed = await adyen.completeAuthentication({
      paymentToken: input.paymentToken,
      completion: outcome.redirect.completion,
      returned: { redirectResult: `${pspReference}:authenticated`, unrelated: 'dropped' },
      deadline: open(),
    });
    expect(completed).toEqual({ outcome: 'approved', processorReference: pspReference });
    expect(lastRequest('details')).toMatchObject({
      headers: { 'idempotency-key': `details.${input.paymentToken}` },
      body: { details: { redirectResult: `${pspReference}:authenticated` } },
    });
    expect(lastRequest('details').body.details).not.toHaveProperty('unrelated');
  });

  it('declines a payer who failed the authentication, and leaves a refused completion unknown', async () => {
    const input = authorisation({ threeDSecure: redirect });
    const outcome = await adyen.authorise(input);
    if (outcome.outcome !== 'action_required') throw new Error('expected action_required');
    const pspReference = fake.payments.get(input.reference)?.pspReference;
    const complete = (redirectResult: string) =>
      adyen.completeAuthentication({
        paymentToken: input.paymentToken,
        completion: outcome.redirect.completion,
        returned: { redirectResult },
        deadline: open(),
      });
    fake.answerNext('details', {
      status: 422,
      body: { status: 422, errorCode: '000', message: 'Invalid redirectResult', errorType: 'validation' },
    });
    expect(await complete('tampered')).toMatchObject({ outcome: 'unknown' });
    expect(await complete(`${pspReference}:failed`)).toMatchObject({
      outcome: 'declined',
      decline: 'card_declined',
    });
  });

  it("sends the merchant's own authentication as mpiData, its CAVV as base64", async () => {
    await approved(
      authorisation({
        threeDSecure: {
          mode: 'pass_through',
          values: {
            version: '2.2.0',
            eci: '05',
            cavv: '0700010000000000000000000000000000000000',
            transactionId: 'f25084f0-5b16-4c0a-ae5d-b24808571d7e',
          },
        },
      }),
    );
    expect(lastRequest('payments').body).toMatchObject({
      mpiData: {
        cavv: 'BwABAAAAAAAAAAAAAAAAAAAAAAA=',
        eci: '05',
        dsTransID: 'f25084f0-5b16-4c0a-ae5d-b24808571d7e',
        threeDSVersion: '2.2.0',
        directoryResponse: 'Y',
      },
    });
    expect(lastRequest('payments').body.authenticationData).toBeUndefined();
  });

  it('sends a version 1 authentication with its XID, and an attempt (ECI 06) as A', async () => {
    await approved(
      authorisation({
        threeDSecure: {
          mode: 'pass_through',
          values: {
            version: '1.0.2',
            eci: '06',
            cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
            transactionId: 'MDAwMDAwMDAwMDAwMDAwMDAwMDE=',
          },
        },
      }),
    );
    expect(lastRequest('payments').body.mpiData).toEqual({
      cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
      eci: '06',
      threeDSVersion: '1.0.2',
      xid: 'MDAwMDAwMDAwMDAwMDAwMDAwMDE=',
      directoryResponse: 'Y',
      authenticationResponse: 'A',
    });
  });
});

describe('the Adyen connector, redirected', () => {
  it('never follows a redirect: the host it points to receives neither the API key nor the card, and the outcome is unknown', async () => {
    const elsewhere: Array<{ url?: string; headers: Record<string, unknown>; body: string }> = [];
    const other = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        elsewhere.push({ url: request.url, headers: request.headers, body });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ resultCode: 'Authorised', pspReference: 'ELSEWHERE' }));
      });
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherUrl = `http://localhost:${(other.address() as AddressInfo).port}`;
    const redirecting = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(307, { location: `${otherUrl}${request.url}` });
        response.end();
      });
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const redirected = adyenProcessor({
        checkoutUrl: `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/v71`,
        apiKey: fakeApiKey,
        merchantAccount: fake.merchantAccount,
        hmacKey: fake.hmacKey,
      });
      // It came from the configured host, so the request reached it: not proven unsent.
      expect(await redirected.authorise(authorisation())).toMatchObject({ outcome: 'unknown' });
      expect(
        await redirected.refund({
          paymentToken: 'ch_redirected',
          reference: 'rf_redirected.acct_adyen',
          refundToken: 'rf_redirected',
          processorReference: 'PSP1',
          amount: 100,
          currency: 'AUD',
          deadline: open(),
        }),
      ).toMatchObject({ outcome: 'unknown' });
      expect(elsewhere).toEqual([]);
    } finally {
      await Promise.all(
        [other, redirecting].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
      );
    }
  });
});
