import type { Environment, Scope } from '@wattle/domain';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { keys } from '../kernel/keys.ts';
import { itemsOfType, type Migration, visitAll } from '../migrations/runner.ts';

/** The labels of this repository's transaction items (Transaction's `L`). */
type BackfillLabel = 'card' | 'owner';

/** What a backfill did: owner records written, already there, or not written (the card went). */
export interface CardOwnersBackfill {
  written: number;
  present: number;
  gone: number;
}

/** Why one owner record was not written; only this module sees it. */
class Skipped extends Error {
  constructor(readonly why: 'present' | 'gone') {
    super(why);
  }
}

interface CustomerCardItem {
  pk: string;
  sk: string;
  customerToken: string;
}

/**
 * The owner record of one customer card, keyed as the customers repository keys it: the scope
 * and the tokens are read back from the card item's key (`<account>#<env>#<cus_…>`, `CARD#<card_…>`).
 * Written only while its card is still the customer's (a condition check on the card item) and
 * only where none is (a card removed or re-owned since the scan is left alone).
 */
const writeOwner = async (ctx: StoreContext, item: CustomerCardItem): Promise<keyof CardOwnersBackfill> => {
  const [accountId = '', environment] = item.pk.split('#');
  const scope: Scope = { accountId, environment: environment as Environment };
  const cardToken = item.sk.slice(keys.customerCardPrefix.length);
  try {
    await newTransaction<BackfillLabel>(ctx)
      .check('card', {
        Key: keys.customerCard(scope, item.customerToken, cardToken),
        ConditionExpression: 'attribute_exists(pk)',
      })
      .put('owner', {
        Item: { ...keys.cardOwner(scope, cardToken), _et: 'card_owner', customerToken: item.customerToken },
        ConditionExpression: 'attribute_not_exists(pk)',
      })
      .commit(ctx.doc, { card: () => new Skipped('gone'), owner: () => new Skipped('present') });
    return 'written';
  } catch (error) {
    if (!(error instanceof Skipped)) throw error;
    return error.why;
  }
};

/**
 * Version 2: the card owner record (`S#<card_…>`/`OWNER`) of every customer card that has none,
 * the cards of customers stored before a payment could name a customer's card by its token alone.
 * Safe while the API serves, and again: a second visit writes nothing.
 */
export const cardOwners: Migration = {
  version: 2,
  id: 'card-owners',
  summary: 'the card owner record of every customer card stored before there were any',
  filter: itemsOfType('customer_card'),
  visit: (ctx, item) => writeOwner(ctx, item as unknown as CustomerCardItem),
};

/**
 * The card owners migration's visits over the whole table again, whatever the table's version
 * (`customers backfill-card-owners`: a repair by hand; it reads the whole table once).
 */
export const backfillCardOwners = async (ctx: StoreContext): Promise<CardOwnersBackfill> => ({
  written: 0,
  present: 0,
  gone: 0,
  ...(await visitAll(ctx, cardOwners)),
});
