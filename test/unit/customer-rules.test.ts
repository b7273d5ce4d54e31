import { cardChangeOf, movesForNewCard, movesForToken, PinError } from '@wattle/domain';
import { describe, expect, it } from 'vitest';
import { aCard, aCardDetails } from '../helpers/builders.ts';

const card = (token: string) => aCard({ token });

describe('customer update rules', () => {
  it('refuses more than one of card, card_token and primary_card_token (rule 2)', () => {
    const attempt = () => cardChangeOf({ cardToken: 'card_a', primaryCardToken: 'card_b' });
    expect(attempt).toThrow(PinError);
    expect(() => attempt()).toThrow(
      expect.objectContaining({ code: 'too_many_card_parameters', status: 422 }),
    );
  });

  it('counts payment_source_token with the card parameters of rule 2, as a new card otherwise', () => {
    for (const other of [{ cardToken: 'card_a' }, { primaryCardToken: 'card_b' }, { card: aCardDetails() }]) {
      expect(() => cardChangeOf({ paymentSourceToken: 'ps_a', ...other })).toThrow(
        expect.objectContaining({ code: 'too_many_card_parameters' }),
      );
    }
    expect(cardChangeOf({ paymentSourceToken: 'ps_a' })).toEqual({
      kind: 'replace-with-payment-source',
      token: 'ps_a',
    });
  });

  it('changes no card when none of the three is sent (rule 6)', () => {
    expect(cardChangeOf({})).toEqual({ kind: 'none' });
  });

  it('removes the old primary when a new card replaces it (rule 3)', () => {
    expect(movesForNewCard(card('card_new'), card('card_old'))).toEqual({
      newPrimary: card('card_new'),
      removed: card('card_old'),
      adopted: null,
    });
  });

  it('card_token removes the old primary, primary_card_token keeps it (rules 4 and 5)', () => {
    const source = { kind: 'customer-card' as const, card: card('card_b') };
    expect(
      movesForToken({ kind: 'replace-with-token', token: 'card_b' }, card('card_a'), source, 'card_token')
        .removed,
    ).toEqual(card('card_a'));
    expect(
      movesForToken({ kind: 'make-primary', token: 'card_b' }, card('card_a'), source, 'primary_card_token')
        .removed,
    ).toBeNull();
  });

  it('adopts an unused token and refuses an unknown one', () => {
    const moves = movesForToken(
      { kind: 'make-primary', token: 'card_t' },
      card('card_a'),
      { kind: 'unused-token', card: card('card_t') },
      'primary_card_token',
    );
    expect(moves.adopted?.token).toBe('card_t');
    expect(() =>
      movesForToken(
        { kind: 'replace-with-token', token: 'card_x' },
        card('card_a'),
        { kind: 'unknown' },
        'card_token',
      ),
    ).toThrow(expect.objectContaining({ code: 'invalid_resource' }));
  });

  it('does nothing when the named card is already primary', () => {
    const primary = card('card_a');
    const moves = movesForToken(
      { kind: 'replace-with-token', token: 'card_a' },
      primary,
      { kind: 'customer-card', card: primary },
      'card_token',
    );
    expect(moves).toEqual({ newPrimary: primary, removed: null, adopted: null });
  });
});
