import { describe, expect, it } from 'vitest';
import { captureLogs } from '../reliability/card-leaks/capture-logs.ts';
import { findCardData, luhnValid, testCardNumbers } from '../reliability/card-leaks/find-card-data.ts';

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
