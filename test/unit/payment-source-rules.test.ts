import { isCryptogram, isEci, newTokenisedCard, walletNamed } from '@wattle/domain';
import { presentPaymentSource } from '@wattle/wire';
import { describe, expect, it } from 'vitest';

describe('cryptogram shape: any encoding a network or client uses, not one', () => {
  it.each([
    ['AgAAAAAABk4DWZ4C28yUQAAAAAA=', true], // 20 bytes: Apple Pay's online cryptogram, a TAVV
    ['AgAAAAAABk4DWZ4C28yUQAAAAAA', true], // the same unpadded
    ['AABBCCDDEEFFGGHH', true], // Active Merchant's test cryptogram (12 bytes)
    ['AJkBBkhgQQAAAE4gSEJydQAAAAA_-w', true], // URL-safe base64
    ['0123456789abcdef0123456789ABCDEF01234567', true], // hex
    ['A'.repeat(128), true],
    ['A'.repeat(129), false],
    ['AAAA', false], // too short to be one
    ['not base64!', false],
    ['AAAA=AAAA', false],
    ['', false],
  ])('%s is plausible: %s', (value, plausible) => {
    expect(isCryptogram(value)).toBe(plausible);
  });
});

describe('ECI shape', () => {
  it.each(['00', '01', '02', '03', '04', '05', '06', '07'])('%s is an ECI', (eci) =>
    expect(isEci(eci)).toBe(true),
  );
  it.each(['5', '08', '99', '005', 'ab'])('%s is not', (eci) => expect(isEci(eci)).toBe(false));
});

describe('a tokenised card', () => {
  it('shows a network token’s wallet (never network_token) and Google Pay’s cryptogram_3ds format', () => {
    const shown = (type: 'applepay' | 'googlepay' | 'network_token', wallet: unknown) => {
      const details = {
        number: '4200000000000000',
        expiryMonth: 5,
        expiryYear: 2030,
        name: '',
        cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
        eci: '05',
        wallet: walletNamed(wallet),
      };
      const card = newTokenisedCard(details, type, 'card_1', '2026-11-24T10:00:00Z');
      const { network_type, network_format } = presentPaymentSource({
        token: 'ps_1',
        type,
        card,
        createdAt: '',
      }).source;
      return [network_type, network_format];
    };
    expect(shown('network_token', 'googlepay')).toEqual(['googlepay', 'cryptogram_3ds']);
    expect(shown('network_token', 'applepay')).toEqual(['applepay', null]);
    expect(shown('network_token', 'visa')).toEqual([null, null]);
    expect(shown('applepay', null)).toEqual(['applepay', null]);
    expect(shown('googlepay', undefined)).toEqual(['googlepay', 'cryptogram_3ds']);
  });

  it('shows the token number masked, its scheme, the wallet as network type and no cryptogram', () => {
    const card = newTokenisedCard(
      {
        number: '5520000000000000',
        expiryMonth: 5,
        expiryYear: 30,
        name: '',
        cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
        eci: '02',
        wallet: null,
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
