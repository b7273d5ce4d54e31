import type { CardDetails, Ids, Scope } from '@wattle/domain';
import type { CardIntake, CardTokensStore } from '@wattle/ports';
import { sealNewCard, takeUnusedToken } from '../cards/card-intake.ts';

/** Where a customer's card comes from: card details sent with the request, or an unused card token. */
export type CardSource = { kind: 'details'; details: CardDetails } | { kind: 'token'; token: string };

/** The card to take in: sealed from its details, or the unused token (else invalid card_token). */
export const intakeOf = (
  deps: { cardTokens: CardTokensStore; ids: Ids },
  scope: Scope,
  source: CardSource,
  now: Date,
): Promise<CardIntake> =>
  source.kind === 'details'
    ? sealNewCard(deps, scope, source.details, now)
    : takeUnusedToken(deps, scope, source.token, now, 'card_token');
