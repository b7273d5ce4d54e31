import { isCryptogram, isEci, newTokenisedCard, presentPaymentSource } from '@wattle/domain';
import { describe, expect, it } from 'vitest';

describe('cryptogram shape', () => {
  it.each([
    ['AgAAAAAABk4DWZ4C28yUQAAAAAA=', true], // 20 bytes: Apple Pay's online cryptogram, a TAVV
    ['AAAAAAAAAAAAAAAAAAAAAA==', true], // 16 bytes
    ['A'.repeat(64), true], // 48 bytes
    ['A'.repeat(68), false], // 51 bytes
    ['AAAA', false], // 3 bytes
    ['not base64!', false],
    ['AgAAAAAABk4DWZ4C28yUQAAAAAA', false], // padding missing
    ['', false],
  ])('%s is plausible: %s', (value, plausible) => {
    expect(isCryptogram(value)).toBe(plausible);
  });
});

describe('ECI shape', () => {
  it.each(['00', '01', '02', '05', '06', '07'])('%s is an ECI', (eci) => expect(isEci(eci)).toBe(true));
  it.each(['5', '03', '04', '08', '99', '005', 'ab'])('%s is not', (eci) => expect(isEci(eci)).toBe(false));
});

describe('a tokenised card', () => {
  it('shows the token number masked, its scheme, the wallet as network type and no cryptogram', () => {
    const card = newTokenisedCard(
      {
        number: '5520000000000000',
        expiryMonth: 5,
        expiryYear: 30,
        name: '',
        cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
        eci: '02',
      },
      'googlepay',
      'card_1',
      '2026-11-24T10:00:00Z',
    );
    const shown = presentPaymentSource({ token: 'ps_1', type: 'googlepay', card, createdAt: card.createdAt });
    expect(shown.source).toMatchObject({
      scheme: 'master',
      display_number: 'XXXX-XXXX-XXXX-0000',
      expiry_year: 2030,
      network_type: 'googlepay',
    });
    expect(JSON.stringify(shown)).not.toMatch(/5520000000000000|AgAAAAAABk4DWZ4C28yUQAAAAAA=/);
  });
});
