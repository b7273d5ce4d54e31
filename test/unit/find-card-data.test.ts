import { describe, expect, it } from 'vitest';
import { captureLogs } from '../reliability/card-leaks/capture-logs.ts';
import {
  findCardData,
  findKeptCvc,
  luhnValid,
  testCardNumbers,
} from '../reliability/card-leaks/find-card-data.ts';

const kinds = (text: string) => findCardData(text, 'here').map((find) => find.kind);

describe('finding card data in clear', () => {
  it('finds every test card of the processor, alone, in JSON, in a form or grouped', () => {
    expect(testCardNumbers.size).toBeGreaterThan(30);
    for (const number of testCardNumbers) expect(kinds(`"number":"${number}"`)).toEqual(['test card number']);
    expect(kinds('card[number]=5520000000000000&x=1')).toEqual(['test card number']);
    expect(kinds('4200 0000 0000 0000')).toEqual(['test card number']);
    expect(kinds('4200-0000-0000-0000')).toEqual(['test card number']);
  });

  it('finds any Luhn-valid 13 to 19 digit run that starts as a card does', () => {
    expect(luhnValid('6011000990139424')).toBe(true);
    expect(kinds('pan 6011000990139424 end')).toEqual(['card number']);
    expect(kinds('6011000990139425')).toEqual([]); // not Luhn-valid
    expect(kinds('1763702031123')).toEqual([]); // epoch milliseconds
    expect(kinds('XXXX-XXXX-XXXX-0000 and 60110009901394240000')).toEqual([]); // masked; too long
    // A hash in hex with a Luhn-valid run inside: part of a word, not a number.
    expect(kinds('KEY#8519e6b6290064b8650baf6952b92d0b1b2864f543009858354702a8bea6fd0a')).toEqual([]);
  });

  it('finds a CVC field with a value, not the word', () => {
    expect(kinds('{"cvc":"123"}')).toEqual(['cvc']);
    expect(kinds('card[cvc]=1234')).toEqual(['cvc']);
    expect(kinds('card%5Bcvc%5D=123')).toEqual(['cvc']);
    expect(kinds('{"param":"cvc","message":"CVC is invalid"}')).toEqual([]);
  });

  it('finds a sealed CVC kept past its authorisation: anywhere but an unused card token or payment source and an unsettled payment', () => {
    const kept = (stored: unknown, kind: string) =>
      findKeptCvc(stored, kind, 'here').map((find) => find.kind);
    // Before the authorisation it was sent for: held, sealed (either engine's names).
    expect(kept({ _et: 'card_token', sealedCvc: 'AQID' }, 'card_token')).toEqual([]);
    expect(kept({ value: {}, sealedCvc: 'AQID' }, 'card-token')).toEqual([]);
    expect(kept({ _et: 'payment_source', sealedCvc: 'AQID' }, 'payment_source')).toEqual([]);
    expect(kept({ value: {}, sealedCvc: 'AQID' }, 'payment-source')).toEqual([]);
    expect(kept({ payment: { state: 'processing' }, sealedCvc: 'AQID' }, 'charge')).toEqual([]);
    expect(kept({ payment: { state: 'pending_3ds' }, sealedCvc: 'AQID' }, 'payment')).toEqual([]);
    // After it, or where none may be held at all (a customer's card), it is a find.
    expect(kept({ payment: { state: 'captured' }, sealedCvc: 'AQID' }, 'charge')).toEqual(['cvc']);
    expect(kept({ payment: { state: 'failed' }, sealedCvc: 'AQID' }, 'payment')).toEqual(['cvc']);
    expect(kept({ card: {}, sealedNumber: 'AQID', sealedCvc: 'AQID' }, 'customer_card')).toEqual(['cvc']);
    // No sealed CVC, nothing to find.
    expect(kept({ payment: { state: 'captured' }, sealedNumber: 'AQID' }, 'charge')).toEqual([]);
    expect(kept(1797089058, 'counter')).toEqual([]);
  });

  it('shows a find masked', () => {
    expect(findCardData('4200000000000000', 'log line 3')).toEqual([
      { where: 'log line 3', kind: 'test card number', masked: '4200…00 (16 digits)' },
    ]);
  });
});

describe('capturing the stack logs', () => {
  it('keeps the functions log lines out of the output and in the capture, and passes the rest', () => {
    const capture = captureLogs();
    try {
      process.stdout.write('{"level":"INFO","message":"request","card":"4200000000000000"}\n');
      process.stderr.write('[wattle-local] job x failed\n');
    } finally {
      capture.stop();
    }
    expect(capture.lines.filter(Boolean)).toEqual([
      '{"level":"INFO","message":"request","card":"4200000000000000"}',
      '[wattle-local] job x failed',
    ]);
  });
});
