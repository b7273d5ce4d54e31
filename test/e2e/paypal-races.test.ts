import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PayPalFake, startPayPalFake } from '../fakes/paypal.ts';
import { chargeFields } from '../helpers/fixtures.ts';
import { hangNet } from '../helpers/hang-net.ts';
import { startLivePayPalStack } from '../helpers/live-paypal-stack.ts';
import { type Api, advanceClock, type OwnStack } from '../helpers/stack.ts';

/**
 * The live environment on the stateful PayPal stand-in (test/fakes/paypal.ts): a charge whose
 * answer was lost after PayPal made it stays Pending (never failed, never charged twice) until
 * PayPal's webhook proves it; the webhook delivered twice is applied once, and one that comes
 * late and says less (a PENDING capture after the COMPLETED one) changes nothing.
 */
let fake: PayPalFake;
let own: OwnStack;
let live: Api;
let ours: (token: string) => string;
const dataDir = mkdtempSync(join(tmpdir(), 'wattle-paypal-races-'));

beforeAll(async () => {
  fake = await startPayPalFake();
  ({ own, live, ours } = await startLivePayPalStack(dataDir, fake));
}, hangNet(240_000));

afterAll(async () => {
  await own?.stop();
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Delivers a webhook event, signed as PayPal signs it, to the account's notifications URL. */
const deliver = async (event: Record<string, unknown>) => {
  const { headers, body } = fake.signedDelivery(event);
  const delivered = await fetch(`${own.live.baseUrl}/processors/paypal/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return delivered.status;
};

const captureEvent = (id: string, type: string, reference: string) => ({
  id,
  event_type: type,
  create_time: new Date().toISOString(),
  resource_type: 'capture',
  resource: {
    id: 'CAPFAKE0000000001',
    status: type === 'PAYMENT.CAPTURE.COMPLETED' ? 'COMPLETED' : 'PENDING',
    custom_id: reference,
    amount: { currency_code: 'AUD', value: '10.00' },
  },
});

describe('a live charge whose answer PayPal never gave', () => {
  it('stays Pending, is made once, and succeeds once by its webhook, whatever comes twice or late', async () => {
    fake.answerNext('orders', { reset: true });
    const res = await live.post('/1/charges', chargeFields({ amount: 1000 }));
    expect(res.status).toBe(202);
    const token: string = res.body.response.token;
    expect(fake.madeFor(ours(token))).toBe(1);

    // The recovery job cannot look the order up at PayPal: still Pending, nothing sent again.
    await advanceClock(own, 3 * 60);
    expect((await live.get(`/1/charges/${token}`)).body.response).toMatchObject({
      success: false,
      status_message: 'Pending',
      error_message: null,
    });
    expect(fake.madeFor(ours(token))).toBe(1);

    // PayPal's webhook proves it: captured, once, though delivered twice.
    const completed = captureEvent('WH-RACE-1', 'PAYMENT.CAPTURE.COMPLETED', ours(token));
    expect(await deliver(completed)).toBe(200);
    expect(await deliver(completed)).toBe(200);
    const charged = (await live.get(`/1/charges/${token}`)).body.response;
    expect(charged).toMatchObject({ success: true, status_message: 'Success', captured: true, amount: 1000 });

    // A PENDING capture event after the COMPLETED one (out of order) changes nothing.
    expect(await deliver(captureEvent('WH-RACE-0', 'PAYMENT.CAPTURE.PENDING', ours(token)))).toBe(200);
    expect((await live.get(`/1/charges/${token}`)).body.response).toEqual(charged);
    const events = (await live.get('/1/events')).body.response as {
      type: string;
      data: { token?: string };
    }[];
    expect(events.filter((event) => event.data.token === token).map((event) => event.type)).toEqual([
      'charge.captured',
    ]);
  });

  it('refuses a webhook whose signature PayPal does not verify: 401, nothing applied', async () => {
    fake.answerNext('orders', { reset: true });
    const res = await live.post('/1/charges', chargeFields({ amount: 1000 }));
    const token: string = res.body.response.token;
    const { headers, body } = fake.signedDelivery(
      captureEvent('WH-FORGED-1', 'PAYMENT.CAPTURE.COMPLETED', ours(token)),
      'not the key',
    );
    const delivered = await fetch(`${own.live.baseUrl}/processors/paypal/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    expect(delivered.status).toBe(401);
    expect((await live.get(`/1/charges/${token}`)).body.response).toMatchObject({
      status_message: 'Pending',
    });
  });
});

describe("PayPal's webhooks about a charge it made", () => {
  it('end a refund PayPal took as PENDING (PAYMENT.CAPTURE.REFUNDED), and open a dispute (CUSTOMER.DISPUTE.CREATED) once', async () => {
    const charged = await live.post('/1/charges', chargeFields({ amount: 1000 }));
    expect(charged.status).toBe(201);
    const token: string = charged.body.response.token;
    const refunded = await live.post(`/1/charges/${token}/refunds`, { amount: 300 });
    const refund: string = refunded.body.response.token;
    fake.answerNext('refund', {
      status: 201,
      body: { id: 'REFPENDING0000001', status: 'PENDING', amount: { currency_code: 'AUD', value: '3.00' } },
    });
    await advanceClock(own, 61 * 60);
    expect((await live.get(`/1/refunds/${refund}`)).body.response).toMatchObject({
      status_message: 'Pending',
    });
    const done = {
      id: 'WH-REFUND-1',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      create_time: new Date().toISOString(),
      resource_type: 'refund',
      resource: {
        id: 'REFPENDING0000001',
        status: 'COMPLETED',
        custom_id: ours(refund),
        amount: { currency_code: 'AUD', value: '3.00' },
      },
    };
    expect(await deliver(done)).toBe(200);
    expect((await live.get(`/1/refunds/${refund}`)).body.response).toMatchObject({
      amount: 300,
      status_message: 'Success',
    });

    const dispute = {
      id: 'WH-DISPUTE-1',
      event_type: 'CUSTOMER.DISPUTE.CREATED',
      create_time: new Date().toISOString(),
      resource_type: 'dispute',
      resource: {
        dispute_id: 'PP-D-27803',
        id: 'PP-D-27803',
        reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
        status: 'OPEN',
        dispute_amount: { currency_code: 'AUD', value: '10.00' },
        disputed_transactions: [{ seller_transaction_id: 'CAPFAKE0000000002', custom: ours(token) }],
      },
    };
    expect(await deliver(dispute)).toBe(200);
    expect(await deliver(dispute)).toBe(200);
    const disputes = (await live.get('/1/disputes')).body.response as {
      charge: { token: string } | string;
    }[];
    expect(
      disputes.filter(
        (found) => (typeof found.charge === 'string' ? found.charge : found.charge?.token) === token,
      ),
    ).toHaveLength(1);
  });
});
