import { defaultPricing, percentageFor, refundable, totalFees, transitionRefusal } from '@wattle/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aCard, aPayment } from '../helpers/builders.ts';

const card = aCard;
const payment = aPayment;

const now = new Date('2026-11-22T00:00:00Z');

describe('fees', () => {
  it('charge the fixed fee plus the rate of the card and currency', () => {
    expect(totalFees(defaultPricing, card(), 400, 'AUD')).toBe(37);
    expect(percentageFor(defaultPricing, card({ scheme: 'amex' }), 'AUD')).toBe('1.75');
    expect(percentageFor(defaultPricing, card({ issuingCountry: 'US' }), 'AUD')).toBe('2.9');
    expect(percentageFor(defaultPricing, card(), 'NZD')).toBe('2.9');
  });

  it('never exceed the amount and never go negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (amount) => {
        const fees = totalFees(defaultPricing, card({ issuingCountry: 'US' }), amount, 'USD');
        return fees >= 0 && fees <= amount;
      }),
    );
  });
});

describe('the authorisation state table', () => {
  it('allows void and capture of a live authorisation', () => {
    expect(transitionRefusal(payment(), 'void', now)).toBeNull();
    expect(transitionRefusal(payment(), 'capture', now)).toBeNull();
  });

  it('answers each refusal as SPEC.md does', () => {
    const expired = new Date('2026-11-26T00:00:00Z');
    expect(transitionRefusal(payment(), 'capture', expired)).toBe('authorisation_expired');
    expect(transitionRefusal(payment({ state: 'voided' }), 'void', now)).toBe('already_voided');
    expect(transitionRefusal(payment({ state: 'captured' }), 'void', now)).toBe('already_captured');
    expect(transitionRefusal(payment({ state: 'captured' }), 'capture', now)).toBe('already_captured');
    expect(transitionRefusal(payment({ state: 'failed' }), 'capture', now)).toBe('bad_authorisation');
    expect(transitionRefusal(payment({ state: 'failed' }), 'void', now)).toBe('bad_authorisation');
    expect(transitionRefusal(payment(), 'capture', now, 999)).toBe('invalid_capture_amount');
    expect(transitionRefusal(payment(), 'capture', now, 1000)).toBeNull();
  });

  it('refunds only what was captured and is left', () => {
    expect(refundable(payment({ state: 'captured', amountRefunded: 300 }))).toBe(700);
    expect(refundable(payment())).toBe(0);
  });
});
