import { disputeFilterOf, disputeOrderOf, evidenceOf, evidenceSchema } from '@wattle/wire';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

describe('dispute request input', () => {
  it('reads an evidence batch of text fields, listing every bad field at once', () => {
    expect(evidenceOf({ invoice_or_receipt: 'Receipt 77', additional_evidence: 'file_abc' })).toEqual({
      invoice_or_receipt: 'Receipt 77',
      additional_evidence: 'file_abc',
    });
    let refused: unknown;
    try {
      evidenceOf({ 'Bad Name': 'x', invoice_or_receipt: 7, customer_communication: 'x'.repeat(5001) });
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({
      code: 'invalid_resource',
      messages: [
        { param: 'Bad Name', message: 'Bad Name is not an evidence field name' },
        { param: 'invoice_or_receipt', message: 'Invoice or receipt must be text' },
        {
          param: 'customer_communication',
          message: 'Customer communication is too long (maximum is 5000 characters)',
        },
      ],
    });
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`field_${i}`, 'x']));
    expect(() => evidenceOf(many)).toThrow();
  });

  it('orders by received_at ascending unless told, and filters by a known status', () => {
    expect(disputeOrderOf({})).toEqual({ sort: 'received_at', direction: 1 });
    expect(disputeOrderOf({ sort: 'amount', direction: '-1' })).toEqual({ sort: 'amount', direction: -1 });
    expect(() => disputeOrderOf({ direction: '2' })).toThrow();
    expect(disputeFilterOf({ query: ' shoes ', status: 'won' })).toEqual({ query: 'shoes', status: 'won' });
    expect(disputeFilterOf({})).toEqual({ query: '', status: null });
    expect(() => disputeFilterOf({ status: 'maybe' })).toThrow();
  });

  it("describes the evidence batch (the OpenAPI document's schema) as evidenceOf takes it", () => {
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`field_${i}`, 'x']));
    const bodies = [
      { invoice_or_receipt: 'Receipt 77', additional_evidence: 'file_abc' },
      {},
      { 'Bad Name': 'x' },
      { invoice_or_receipt: 7 },
      { customer_communication: 'x'.repeat(5000) },
      { customer_communication: 'x'.repeat(5001) },
      { [`a${'b'.repeat(63)}`]: 'x' },
      { [`a${'b'.repeat(64)}`]: 'x' },
      many,
    ];
    for (const body of bodies) {
      let taken = true;
      try {
        evidenceOf(body);
      } catch {
        taken = false;
      }
      expect(v.is(evidenceSchema, body), JSON.stringify(body).slice(0, 80)).toBe(taken);
    }
  });
});
