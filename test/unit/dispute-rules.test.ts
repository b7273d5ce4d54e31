import {
  disputeCards,
  disputeCaseFor,
  disputeMovedTo,
  disputeOpensAt,
  evidenceWins,
  merchantActionRefusal,
  openedDispute,
  refundable,
  reviewOutcome,
  withdrawalOutcome,
} from '@wattle/domain';
import { presentDispute } from '@wattle/wire';
import { describe, expect, it } from 'vitest';
import { aPayment } from '../helpers/builders.ts';

const luhn = (number: string): boolean => {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
};

const captured = aPayment({
  token: 'ch_1',
  state: 'captured',
  capturedAt: '2026-11-24T10:00:00Z',
  disputeCase: { category: 'fraudulent' },
});
const now = new Date('2026-11-26T10:00:00Z');
const opened = openedDispute('dis_1', captured, { category: 'fraudulent' }, 2500, now);

describe('dispute test cards', () => {
  it('are valid card numbers, each with its case', () => {
    for (const number of Object.keys(disputeCards)) expect(luhn(number), number).toBe(true);
    expect(disputeCaseFor('4000000000000267')).toEqual({ disputeCase: { category: 'fraudulent' } });
    expect(disputeCaseFor('4200000000000000')).toEqual({});
  });

  it('are disputed two days after capture, only when captured', () => {
    expect(disputeOpensAt(captured)?.toISOString()).toBe('2026-11-26T10:00:00.000Z');
    expect(disputeOpensAt({ ...captured, state: 'authorised', capturedAt: null })).toBeNull();
    expect(disputeOpensAt({ ...captured, disputeCase: undefined })).toBeNull();
  });
});

describe('a dispute', () => {
  it('opens for what is left of the charge, evidence due in 14 days, the charge showing it', () => {
    expect(opened).toMatchObject({
      status: 'evidence_required',
      amount: 1000,
      fee: 2500,
      receivedAt: '2026-11-26T10:00:00Z',
      evidenceRequiredBy: '2026-12-10T10:00:00Z',
      version: 0,
    });
    const shown = presentDispute(opened, now);
    expect(shown).toMatchObject({
      token: 'dis_1',
      category: 'fraudulent',
      status: 'evidence_required',
      relevant_evidence: expect.arrayContaining(['proof_of_delivery_or_service']),
      charge: { token: 'ch_1', active_chargebacks: true },
    });
    // A disputed charge cannot be refunded: the issuer took the money back already.
    expect(refundable(opened.charge)).toBe(0);
  });

  it('is won only on evidence naming winning_evidence (and not losing_evidence)', () => {
    expect(evidenceWins({ a: 'see winning_evidence' })).toBe(true);
    expect(evidenceWins({ a: 'winning_evidence', b: 'losing_evidence' })).toBe(false);
    expect(evidenceWins({ a: 'a receipt' })).toBe(false);
    const review = disputeMovedTo(
      { ...opened, evidence: { a: 'winning_evidence' } },
      'evidence_under_review',
      captured,
      now,
    );
    expect(reviewOutcome(review)).toBe('won');
    expect(reviewOutcome({ ...review, evidence: { a: 'x' } })).toBe('lost');
    const toArbitration = { ...review, arbitration: true };
    expect(reviewOutcome(toArbitration)).toBe('arbitration_under_review');
    const arbitrated = disputeMovedTo(toArbitration, 'arbitration_under_review', captured, now);
    expect(reviewOutcome(arbitrated)).toBe('arbitration_won');
    expect(reviewOutcome({ ...arbitrated, evidence: {} })).toBe('arbitration_lost');
  });

  it('withdrawn by the issuer is cancelled before evidence, resolved after, nothing once closed', () => {
    expect(withdrawalOutcome(opened)).toBe('cancelled');
    const review = disputeMovedTo(opened, 'evidence_under_review', captured, now);
    expect(withdrawalOutcome(review)).toBe('resolved');
    expect(withdrawalOutcome(disputeMovedTo(review, 'won', captured, now))).toBeNull();
  });

  it('records each step, and the charge shows active_chargebacks only while it is open', () => {
    const accepted = disputeMovedTo(opened, 'accepted', captured, now);
    expect(accepted.activity.map((step) => step.type)).toEqual(['evidence_required', 'accepted']);
    expect(accepted.version).toBe(1);
    expect(presentDispute(accepted, now).charge.active_chargebacks).toBe(false);
  });

  it('takes merchant steps only while evidence is required', () => {
    expect(merchantActionRefusal(opened)).toBeNull();
    const review = disputeMovedTo(opened, 'evidence_under_review', captured, now);
    expect(merchantActionRefusal(review)?.code).toBe('dispute_evidence_already_submitted');
    expect(merchantActionRefusal(disputeMovedTo(opened, 'accepted', captured, now))).toMatchObject({
      code: 'dispute_closed',
      description: 'The dispute cannot be changed: it is accepted.',
    });
  });
});
