import { declineFor, refusalReasons } from '@wattle/adyen';
import { describe, expect, it } from 'vitest';

describe("Adyen's refusals as Pin's decline codes", () => {
  it('maps each listed refusal reason code, and its text alone (as notifications carry it)', () => {
    for (const { code, reason, decline } of refusalReasons) {
      expect(declineFor({ code, reason })).toBe(decline);
      expect(declineFor({ reason })).toBe(decline);
    }
  });

  it('tells the reasons Pin has codes for apart', () => {
    expect(declineFor({ code: '12', reason: 'Not enough balance' })).toBe('insufficient_funds');
    expect(declineFor({ code: '24', reason: 'CVC Declined' })).toBe('invalid_cvv');
    expect(declineFor({ code: '6', reason: 'Expired Card' })).toBe('expired_card');
    expect(declineFor({ code: '8', reason: 'Invalid Card Number' })).toBe('invalid_card');
    expect(declineFor({ code: '20', reason: 'FRAUD' })).toBe('suspected_fraud');
    expect(declineFor({ code: '4', reason: 'Acquirer Error' })).toBe('processing_error');
  });

  it("tells lost and stolen cards apart by the issuer's raw answer", () => {
    expect(declineFor({ code: '5', reason: 'Blocked Card', raw: '41 : Lost card' })).toBe('lost_card');
    expect(declineFor({ code: '2', reason: 'Refused', raw: 'DECLINED Stolen Card' })).toBe('stolen_card');
    expect(declineFor({ code: '5', reason: 'Blocked Card', raw: '43 : Pick up card' })).toBe('stolen_card');
    expect(declineFor({ code: '5', reason: 'Blocked Card', raw: '05 : Do not honor' })).toBe('card_declined');
  });

  it('reads a reason followed by detail after a colon', () => {
    expect(declineFor({ reason: 'CVC Declined: 1234' })).toBe('invalid_cvv');
  });

  it('answers card_declined for anything unrecognised, never gateway_error', () => {
    expect(declineFor({ code: '999', reason: 'Something new' })).toBe('card_declined');
    expect(declineFor({})).toBe('card_declined');
    expect(refusalReasons.some(({ decline }) => decline === 'gateway_error')).toBe(false);
  });
});
