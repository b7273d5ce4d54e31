import {
  authorisationCapture,
  authorisationCaptureRefusal,
  feesOf,
  leaseEndOf,
  merchantEntitlement,
  type PaymentOrder,
  paymentRecoveryDueAt,
  recoveryOf,
  refundable,
  reservedPayment,
  resumptionOf,
  settledWith,
  threeDSecureDeclined,
  wantsThreeDSecure,
  withThreeDSecureResult,
} from '@wattle/domain';
import { presentCharge } from '@wattle/wire';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aCard, aPayment, aPaymentOrder } from '../helpers/builders.ts';

const now = new Date('2026-11-21T00:00:00Z');
const order: PaymentOrder = aPaymentOrder();
const source = { card: aCard(), owner: { customerToken: null, primary: null }, customerToken: null };
const ask = { enabled: true, callbackUrl: 'https://shop.example/back', fallbackOk: false };

describe('reserving a payment', () => {
  it('reserves a charge as processing, or pending_3ds with its session when the payer must authenticate', () => {
    const processing = reservedPayment(order, 'ch_1', source, null, now);
    expect(processing).toMatchObject({
      state: 'processing',
      captureOnSuccess: true,
      createdAt: '2026-11-21T00:00:00Z',
      totalFees: null,
      threeDSecure: null,
    });
    const pending = reservedPayment(order, 'ch_2', source, { sessionToken: 'se_1', ask }, now);
    expect(pending).toMatchObject({
      state: 'pending_3ds',
      threeDSecure: { sessionToken: 'se_1', callbackUrl: ask.callbackUrl, fallbackOk: false, result: null },
    });
    expect(
      reservedPayment({ ...order, kind: 'authorisation' }, 'auth_1', source, null, now).captureOnSuccess,
    ).toBe(false);
  });

  it('schedules the recovery two minutes on, or at the end of the 3-D Secure session', () => {
    const processing = reservedPayment(order, 'ch_1', source, null, now);
    const pending = reservedPayment(order, 'ch_2', source, { sessionToken: 'se_1', ask }, now);
    expect(paymentRecoveryDueAt(processing)).toEqual(new Date('2026-11-21T00:02:00Z'));
    expect(paymentRecoveryDueAt(pending)).toEqual(new Date('2026-11-21T00:30:00Z'));
  });

  it('runs 3-D Secure in live for cards that take part; elsewhere falls back only when allowed', () => {
    expect(wantsThreeDSecure(null, 'live', true)).toBe(false);
    expect(wantsThreeDSecure({ ...ask, enabled: false }, 'live', true)).toBe(false);
    expect(wantsThreeDSecure(ask, 'live', true)).toBe(true);
    expect(wantsThreeDSecure({ ...ask, fallbackOk: true }, 'test', true)).toBe(false);
    expect(wantsThreeDSecure({ ...ask, fallbackOk: true }, 'live', false)).toBe(false);
    expect(() => wantsThreeDSecure(ask, 'test', true)).toThrow(
      expect.objectContaining({ code: 'three_d_secure_unavailable' }),
    );
    expect(() => wantsThreeDSecure(ask, 'live', false)).toThrow(
      expect.objectContaining({ code: 'three_d_secure_unavailable' }),
    );
  });
});

describe("settling with the processor's answer", () => {
  const reserved = aPayment({ state: 'processing', totalFees: null, expiresAt: null });

  it('captures an approved charge at once, captured_at its creation, with its fees', () => {
    const settled = settledWith(
      { ...reserved, captureOnSuccess: true },
      { outcome: 'approved', processorReference: 'psp_1' },
      now,
    );
    expect(settled).toMatchObject({ state: 'captured', capturedAt: reserved.createdAt, totalFees: 48 });
    expect(leaseEndOf(settled)).toBeNull();
  });

  it('authorises for five days, the lease ending with it', () => {
    const settled = settledWith(reserved, { outcome: 'approved', processorReference: 'psp_1' }, now);
    expect(settled).toMatchObject({
      state: 'authorised',
      expiresAt: '2026-11-26T00:00:00.000Z',
      totalFees: 48,
    });
    expect(leaseEndOf(settled)).toEqual(new Date('2026-11-26T00:00:00Z'));
  });

  it('records a decline without fees', () => {
    expect(
      settledWith(
        reserved,
        {
          outcome: 'declined',
          decline: 'insufficient_funds',
          raw: { code: '51', reason: 'Not enough balance' },
        },
        now,
      ),
    ).toMatchObject({
      state: 'failed',
      decline: 'insufficient_funds',
      totalFees: null,
    });
  });

  it('declines a 3-D Secure charge with the reason in its result', () => {
    const pending = aPayment({
      state: 'pending_3ds',
      threeDSecure: {
        sessionToken: 'se_1',
        callbackUrl: 'https://x.example',
        fallbackOk: false,
        result: null,
      },
    });
    expect(threeDSecureDeclined(withThreeDSecureResult(pending, 'expired'))).toMatchObject({
      state: 'failed',
      decline: 'card_declined',
      threeDSecure: { result: 'expired' },
    });
  });
});

describe('capturing an authorisation', () => {
  const authorisation = aPayment({ kind: 'authorisation', token: 'auth_1' });

  it('makes a charge of the amount, with its own fees, naming the authorisation', () => {
    const capture = authorisationCapture(authorisation, 400, 'ch_new', now);
    expect(capture.authorisation).toMatchObject({ state: 'captured', amountCaptured: 400 });
    expect(capture.charge).toMatchObject({
      kind: 'charge',
      token: 'ch_new',
      state: 'captured',
      amount: 400,
      totalFees: 37,
      authorisationToken: 'auth_1',
      expiresAt: null,
    });
    expect(refundable(capture.charge)).toBe(400);
  });

  it('refuses more than was authorised', () => {
    expect(authorisationCaptureRefusal(authorisation, 1000)).toBeNull();
    expect(authorisationCaptureRefusal(authorisation, 1001)).toMatchObject({
      code: 'invalid_resource',
      messages: [expect.objectContaining({ param: 'amount', code: 'amount_invalid' })],
    });
  });
});

describe('recovery and resumption', () => {
  it('finishes what is processing, declines what waits for the payer, drops the rest', () => {
    expect(recoveryOf(aPayment({ state: 'processing' }))).toBe('finish');
    expect(recoveryOf(aPayment({ state: 'pending_3ds' }))).toBe('decline');
    expect(recoveryOf(aPayment({ state: 'captured' }))).toBe('drop');
    expect(recoveryOf(null)).toBe('drop');
  });

  it('resumes a payment of the same terms within a day of its creation; anything else reused the key', () => {
    const earlier = aPayment({ state: 'captured', description: 'd', email: 'e@example.com' });
    const asked: PaymentOrder = { ...order, capture: false, metadata: { other: 'meta' } };
    expect(resumptionOf(earlier, asked, now)).toBe('answer');
    expect(resumptionOf({ ...earlier, state: 'processing' }, asked, now)).toBe('finish');
    expect(
      resumptionOf(
        {
          ...earlier,
          state: 'pending_3ds',
          threeDSecure: { sessionToken: 's', callbackUrl: 'c', fallbackOk: false, result: null },
        },
        asked,
        now,
      ),
    ).toBe('await_payer');
    for (const other of [
      { amount: 999 },
      { currency: 'USD' },
      { description: 'x' },
      { email: 'x@example.com' },
    ]) {
      expect(() => resumptionOf(earlier, { ...asked, ...other }, now)).toThrow(
        expect.objectContaining({ code: 'idempotency_key_reused' }),
      );
    }
    expect(() => resumptionOf(null, asked, now)).toThrow(
      expect.objectContaining({ code: 'idempotency_key_reused' }),
    );
    const dayLater = new Date(now.getTime() + 24 * 60 * 60 * 1000);
    expect(resumptionOf(earlier, asked, dayLater)).toBe('answer');
    expect(() => resumptionOf(earlier, asked, new Date(dayLater.getTime() + 1))).toThrow(
      expect.objectContaining({ code: 'idempotency_key_reused' }),
    );
  });
});

describe("a charge's amounts", () => {
  it('entitles the merchant to the amount less the fees, shown only while the charge bears them', () => {
    const captured = aPayment({ state: 'captured', totalFees: 48 });
    expect(merchantEntitlement(captured)).toBe(952);
    expect(presentCharge(captured, now).merchant_entitlement).toBe(952);
    expect(feesOf(aPayment({ state: 'voided' }))).toBeNull();
    expect(presentCharge(aPayment({ state: 'voided' }), now).merchant_entitlement).toBeNull();
    expect(presentCharge(aPayment({ state: 'failed', totalFees: null }), now).total_fees).toBeNull();
  });

  it('leaves refundable only what a captured charge has not refunded', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.nat(), (amount, refunded) => {
        const charge = aPayment({ state: 'captured', amount, amountRefunded: Math.min(refunded, amount) });
        return (
          refundable(charge) === amount - charge.amountRefunded &&
          refundable({ ...charge, state: 'authorised' }) === 0
        );
      }),
    );
  });
});
