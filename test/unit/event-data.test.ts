import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeEventData, encodeEventData } from '../../packages/store/src/kernel/event-data.ts';

const charge = {
  token: 'ch_lfUYEBK14zotCTykezJkfg',
  success: true,
  amount: 400,
  currency: 'AUD',
  description: 'test charge',
  email: 'roland@pinpayments.com',
  ip_address: '203.192.1.172',
  created_at: '2026-11-25T00:21:00Z',
  status_message: 'Success',
  error_message: null,
  card: {
    token: 'card_pIQJKMs93GsCc9vLSLevbw',
    scheme: 'master',
    display_number: 'XXXX-XXXX-XXXX-0000',
    issuing_country: 'AU',
    expiry_month: 5,
    expiry_year: 2030,
    name: 'Roland Robot',
    address_line1: '42 Sevenoaks St',
    address_line2: null,
    address_city: 'Lathlain',
    address_postcode: '6454',
    address_state: 'WA',
    address_country: 'Australia',
    customer_token: null,
    primary: null,
  },
  transfer: [],
  amount_refunded: 0,
  total_fees: 42,
  merchant_entitlement: 358,
  refund_pending: false,
  authorisation_token: null,
  authorisation_expired: false,
  authorisation_voided: false,
  captured: true,
  captured_at: '2026-11-25T00:21:00Z',
  settlement_currency: 'AUD',
  active_chargebacks: false,
  metadata: { OrderNumber: '123456789' },
};

/** The item's data as format 1 wrote it with zlib's default 32 KB window (before the 8 KB one). */
const writtenBefore =
  'Ac3TzWrCQBSG4VsJ7g1nzsxE46pWpNSkLTWRortRRyv5mZAZUhS8d1EUbUyo0ELdn813eJ9vzceL0bj/6BG2UaYXriO5GUSLZb0EBvAjBiO1sY7Mzy5yFYt0/pCt0kys9wu0PVNJWQsCtYmLNrFJC8t0ENBpEtJEHgJ0kHQAJn/FKXt+H3gv2qVPujdzCz/wZTH9ukSWCG1kfgMzAIBbqfEra/SsbXh4mTVUU2Uq5DG0AlnIVIlIW0H5og6iL8xnLFZpNUiHcVaB8qP7LywZ1sGkvH1XNuvS/LXXxls+l/nrKTWClHGn1XYb2+0O';

describe('event data', () => {
  it('reads an item written with the 32 KB window, and writes the same bytes with the 8 KB one', () => {
    const before = Buffer.from(writtenBefore, 'base64');
    expect(decodeEventData(before)).toEqual(charge);
    expect(Buffer.from(encodeEventData(charge))).toEqual(before);
  });

  it('reads back what it writes, a large event too, and items of JSON text', () => {
    const large = {
      ...charge,
      metadata: { note: 'n'.repeat(3000), list: Array.from({ length: 300 }, (_, i) => i) },
    };
    expect(decodeEventData(encodeEventData(large))).toEqual(large);
    expect(decodeEventData(JSON.stringify(charge))).toEqual(charge);
    // The format byte stays 1, and a stream of another format is refused, not misread.
    expect(encodeEventData(charge)[0]).toBe(1);
    expect(() => decodeEventData(Buffer.concat([Buffer.of(9), deflateRawSync('{}')]))).toThrow(
      /unknown format 9/,
    );
  });
});
