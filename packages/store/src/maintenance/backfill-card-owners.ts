import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Environment, Scope } from '@wattle/domain';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { keys } from '../kernel/keys.ts';

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

/**
 * Writes the card owner record (`S#<card_…>`/`OWNER`) of every customer card that has none: the
 * cards of customers stored before a payment could name a customer's card by its token alone.
 * Each record is written only while its card is still the customer's (a condition check on the
 * card item) and only where none is (a card removed or re-owned since the scan is left alone), so
 * it is safe to run while the API serves, and again: a second run writes nothing. Reads the whole
 * table once (a Scan of the customer card items).
 */
export const backfillCardOwners = async (ctx: StoreContext): Promise<CardOwnersBackfill> => {
  const done: CardOwnersBackfill = { written: 0, present: 0, gone: 0 };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ctx.doc.send(
      new ScanCommand({
        TableName: ctx.tableName,
        FilterExpression: '#et = :card',
        ProjectionExpression: 'pk, sk, customerToken',
        ExpressionAttributeNames: { '#et': '_et' },
        ExpressionAttributeValues: { ':card': 'customer_card' },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      try {
        await writeOwner(ctx, item as CustomerCardItem);
        done.written++;
      } catch (error) {
        if (!(error instanceof Skipped)) throw error;
        done[error.why]++;
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return done;
};

interface CustomerCardItem {
  pk: string;
  sk: string;
  customerToken: string;
}

/**
 * The owner record of one customer card, keyed as the customers repository keys it: the scope
 * and the tokens are read back from the card item's key (`<account>#<env>#<cus_…>`, `CARD#<card_…>`).
 */
const writeOwner = (ctx: StoreContext, item: CustomerCardItem): Promise<void> => {
  const [accountId = '', environment] = item.pk.split('#');
  const scope: Scope = { accountId, environment: environment as Environment };
  const cardToken = item.sk.slice(keys.customerCardPrefix.length);
  return newTransaction<BackfillLabel>(ctx)
    .check('card', {
      Key: keys.customerCard(scope, item.customerToken, cardToken),
      ConditionExpression: 'attribute_exists(pk)',
    })
    .put('owner', {
      Item: { ...keys.cardOwner(scope, cardToken), _et: 'card_owner', customerToken: item.customerToken },
      ConditionExpression: 'attribute_not_exists(pk)',
    })
    .commit(ctx.doc, { card: () => new Skipped('gone'), owner: () => new Skipped('present') });
};
