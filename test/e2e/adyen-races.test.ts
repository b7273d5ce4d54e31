import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdyenFake, fakeApiKey, type NotificationFields, startAdyenFake } from '../fakes/adyen.ts';
import { checkAdyenNotification } from '../helpers/adyen-definitions.ts';
import { chargeFields } from '../helpers/fixtures.ts';
import { hangNet } from '../helpers/hang-net.ts';
import { startLiveAdyenStack } from '../helpers/live-adyen-stack.ts';
import { type Api, advanceClock, type OwnStack } from '../helpers/stack.ts';

/**
 * The live environment on the stateful Adyen stand-in (test/fakes/adyen.ts), where Adyen's
 * answers are slow or lost and its notifications contradict what Wattle believed: a capture and a
 * void racing on one authorisation reach Adyen once, and an unknown charge stays Pending until
 * Adyen's notification proves what became of it.
 */
let fake: AdyenFake;
let own: OwnStack;
let live: Api;
let ours: (token: string) => string;
const dataDir = mkdtempSync(join(tmpdir(), 'wattle-adyen-races-'));

beforeAll(async () => {
  fake = await startAdyenFake();
  ({ own, live, ours } = await startLiveAdyenStack(dataDir, { ...fake, apiKey: fakeApiKey }));
}, hangNet(240_000));

afterAll(async () => {
  await own?.stop();
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Delivers Adyen's signed notifications to the live environment, checked against Adyen's definition. */
const notify = async (...fields: NotificationFields[]) => {
  const body = fake.deliveryBody(fields.map((item) => fake.notificationItem(item)));
  checkAdyenNotification(body);
  const delivered = await fetch(`${own.live.baseUrl}/adyen/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  expect([delivered.status, await delivered.text()]).toEqual([200, '[accepted]']);
};

/** The operations Adyen was asked for on the payment `psp` (captures, cancels, refunds). */
const askedOf = (psp: string) =>
  fake.requests.filter((request) => request.path.includes(`/payments/${psp}/`)).map((r) => r.operation);

const authorise = async () => {
  const res = await live.post('/1/authorisations', chargeFields({ amount: 1000 }));
  expect(res.status).toBe(201);
  const token: string = res.body.response.token;
  return { token, psp: fake.payments.get(ours(token))!.pspReference };
};

describe('a capture and a void racing on one live authorisation', () => {
  it('reach Adyen once: the capture that came first; the void answers already_captured', async () => {
    const { token, psp } = await authorise();
    fake.answerNext('captures', { delayMs: 1500 });
    const capturing = live.post(`/1/authorisations/${token}/charges`, { amount: 1000 });
    await sleep(300);
    const voiding = await live.put(`/1/authorisations/${token}/void`);
    expect(voiding.status).toBe(400);
    expect(voiding.body).toMatchObject({ error: 'already_captured', authorisation_token: token });
    const captured = await capturing;
    expect(captured.status).toBe(200);
    expect(captured.body.response).toMatchObject({
      amount: 1000,
      captured: true,
      authorisation_token: token,
    });
    expect(askedOf(psp)).toEqual(['captures']);
    expect((await live.get(`/1/authorisations/${token}`)).body.response).toMatchObject({
      amount_captured: 1000,
      capturable: false,
    });
  });

  it("a capture Adyen made before the void it refused: Adyen's notifications make the authorisation captured, its charge credited", async () => {
    const { token, psp } = await authorise();
    expect((await live.put(`/1/authorisations/${token}/void`)).status).toBe(200);
    await notify(
      {
        eventCode: 'CAPTURE',
        pspReference: 'PSPCAPTUREFIRST1',
        originalReference: psp,
        merchantReference: ours(token),
        amount: { value: 1000, currency: 'AUD' },
      },
      {
        eventCode: 'CANCELLATION',
        success: false,
        pspReference: 'PSPCANCELREFUSE1',
        originalReference: psp,
        merchantReference: ours(token),
        amount: { value: 1000, currency: 'AUD' },
        reason: 'Payment already captured',
      },
    );
    expect((await live.get(`/1/authorisations/${token}`)).body.response).toMatchObject({
      amount_captured: 1000,
      capturable: false,
    });
    const charges = (await live.get('/1/charges')).body.response as { authorisation_token: string | null }[];
    expect(charges.filter((c) => c.authorisation_token === token)).toEqual([
      expect.objectContaining({ amount: 1000, captured: true, success: true }),
    ]);
  });
});

describe('a live charge whose answer Adyen never gave', () => {
  const pending = async () => {
    fake.answerNext('payments', { reset: true });
    const res = await live.post('/1/charges', chargeFields({ amount: 1000 }));
    expect(res.status).toBe(202);
    const token: string = res.body.response.token;
    // Its recovery job cancels whatever our reference made: Adyen only says it took the cancel.
    await advanceClock(own, 3 * 60);
    expect(fake.requests.filter((r) => r.operation === 'cancels-by-reference').at(-1)?.body).toMatchObject({
      paymentReference: ours(token),
    });
    const still = (await live.get(`/1/charges/${token}`)).body.response;
    expect(still).toMatchObject({ success: false, status_message: 'Pending', error_message: null });
    return { token, psp: fake.payments.get(ours(token))!.pspReference };
  };

  it('stays Pending after its cancel is taken; the cancel carried out, it fails with nothing taken', async () => {
    const { token, psp } = await pending();
    await notify({
      eventCode: 'TECHNICAL_CANCEL',
      pspReference: 'PSPTECHCANCEL001',
      originalReference: psp,
      merchantReference: ours(token),
      amount: { value: 1000, currency: 'AUD' },
    });
    expect((await live.get(`/1/charges/${token}`)).body.response).toMatchObject({
      success: false,
      status_message: 'Declined',
      captured: false,
    });
  });

  it('stays Pending after its cancel is taken; the cancel refused (captured first), it is captured as Adyen made it', async () => {
    const { token, psp } = await pending();
    await notify({
      eventCode: 'TECHNICAL_CANCEL',
      success: false,
      pspReference: 'PSPTECHCANCEL002',
      originalReference: psp,
      merchantReference: ours(token),
      amount: { value: 1000, currency: 'AUD' },
    });
    expect((await live.get(`/1/charges/${token}`)).body.response).toMatchObject({
      success: true,
      status_message: 'Success',
      captured: true,
      amount: 1000,
    });
  });
});
