import {
  chargeLineItem,
  merchantEntitlement,
  platformAdjustmentRefusal,
  reservedPayment,
  resumptionOf,
} from '@wattle/domain';
import { presentAuthorisation, presentCharge } from '@wattle/wire';
import { describe, expect, it } from 'vitest';
import { aCard, aPayment, aPaymentOrder } from '../helpers/builders.ts';

const now = new Date('2026-11-21T00:01:00Z');
const adjustment = { amount: 100, currency: 'AUD' };

describe('the platform adjustment rules', () => {
  it('takes the adjustment off the merchant entitlement, after the fees', () => {
    expect(merchantEntitlement({ amount: 1000, totalFees: 48 })).toBe(952);
    expect(merchantEntitlement({ amount: 1000, totalFees: 48, platformAdjustment: adjustment })).toBe(852);
  });

  it('lets a charge bear what its fees leave and no more (the fees depend on the card)', () => {
    const visa = aCard();
    expect(platformAdjustmentRefusal(undefined, visa, 1000, 'AUD')).toBeNull();
    expect(platformAdjustmentRefusal({ amount: 952, currency: 'AUD' }, visa, 1000, 'AUD')).toBeNull();
    expect(platformAdjustmentRefusal({ amount: 953, currency: 'AUD' }, visa, 1000, 'AUD')).toMatchObject({
      code: 'invalid_resource',
      messages: [{ param: 'platform_adjustment[amount]' }],
    });
    // A foreign card's fees are higher (2.9%): 30 + 29 of 1000 leaves 941.
    const foreign = aCard({ issuingCountry: 'US' });
    expect(platformAdjustmentRefusal({ amount: 942, currency: 'AUD' }, foreign, 1000, 'AUD')).not.toBeNull();
  });

  it('keeps the adjustment on the reserved payment, and a retry with another adjustment reuses the key', () => {
    const order = aPaymentOrder({ platformAdjustment: adjustment });
    const source = { card: aCard(), owner: { customerToken: null, primary: null }, customerToken: null };
    const reserved = reservedPayment(order, 'ch_x', source, null, now);
    expect(reserved.platformAdjustment).toEqual(adjustment);
    expect(reservedPayment(aPaymentOrder(), 'ch_y', source, null, now)).not.toHaveProperty(
      'platformAdjustment',
    );
    const earlier = { ...reserved, state: 'captured' as const };
    expect(resumptionOf(earlier, order, now)).toBe('answer');
    expect(() =>
      resumptionOf(earlier, { ...order, platformAdjustment: { amount: 99, currency: 'AUD' } }, now),
    ).toThrow(expect.objectContaining({ code: 'idempotency_key_reused' }));
  });

  it('shows a charge’s platform_adjustment, zero without one (as Pin), and an authorisation’s only with one', () => {
    expect(presentCharge(aPayment({ state: 'captured' }), now)).toMatchObject({
      platform_fees: 0,
      platform_adjustment: { amount: 0, currency: 'AUD' },
      authorisation_token: null,
    });
    expect(presentAuthorisation(aPayment({ state: 'authorised' }), now)).not.toHaveProperty(
      'platform_adjustment',
    );
    const adjusted = aPayment({ state: 'captured', platformAdjustment: adjustment });
    expect(presentCharge(adjusted, now)).toMatchObject({
      merchant_entitlement: 852,
      platform_adjustment: { amount: 100, currency: 'AUD' },
    });
    expect(presentAuthorisation(adjusted, now).platform_adjustment).toEqual(adjustment);
  });

  it("shows what the platform withheld in a transfer's charge line item, beside the entitlement it paid", () => {
    const credit = {
      position: 'p',
      chargeToken: 'ch_x',
      description: 'd',
      amount: 1000,
      totalFees: 48,
      platformAdjustment: 100,
      merchantEntitlement: 852,
      createdAt: 'c',
    };
    expect(chargeLineItem(credit, 852, 'c').record).toEqual({
      description: 'd',
      amount: 1000,
      total_fees: 48,
      platform_adjustment: 100,
      merchant_entitlement: 852,
      created_at: 'c',
    });
    const { platformAdjustment: _none, ...plain } = credit;
    expect(chargeLineItem(plain, 952, 'c').record).not.toHaveProperty('platform_adjustment');
  });
});
