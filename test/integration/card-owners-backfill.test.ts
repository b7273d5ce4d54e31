import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { newCard, type Scope, toTimestamp } from '@wattle/domain';
import { randomIds } from '@wattle/runtime';
import { backfillCardOwners } from '@wattle/store';
import { describe, expect, it } from 'vitest';
import { keys } from '../../packages/store/src/kernel/keys.ts';
import { aCardDetails } from '../helpers/builders.ts';
import { useTable } from '../helpers/table.ts';

const table = useTable();
const now = new Date('2026-11-21T05:00:00Z');
const scope: Scope = { accountId: 'acct_backfill', environment: 'live' };

/** A customer card as customers stored before the owner record have it: no owner record. */
const olderCustomerCard = async (customerToken: string) => {
  const number = '4200000000000000';
  const card = newCard(aCardDetails(number), randomIds.token('card'), toTimestamp(now));
  const sealed = await table.store.cardTokens.seal(scope, card, number);
  await table.doc.send(
    new PutCommand({
      TableName: table.tableName,
      Item: {
        ...keys.customerCard(scope, customerToken, card.token),
        _et: 'customer_card',
        customerToken,
        card: sealed.card,
        sealedNumber: sealed.sealedNumber,
      },
    }),
  );
  return card.token;
};

describe('the card owner backfill', () => {
  it('writes the missing owner record of every customer card, once, so a payment can name the card by its token', async () => {
    const customer = randomIds.token('cus');
    const cards = [await olderCustomerCard(customer), await olderCustomerCard(customer)];
    for (const card of cards) expect(await table.store.customers.findCardOwner(scope, card)).toBeNull();

    expect(await backfillCardOwners(table.store.ctx)).toEqual({ written: 2, present: 0, gone: 0 });
    for (const card of cards) expect(await table.store.customers.findCardOwner(scope, card)).toBe(customer);
    const owner = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.cardOwner(scope, cards[0]!) }),
    );
    expect(owner.Item).toEqual({
      ...keys.cardOwner(scope, cards[0]!),
      _et: 'card_owner',
      customerToken: customer,
    });

    expect(await backfillCardOwners(table.store.ctx)).toEqual({ written: 0, present: 2, gone: 0 });
  });
});
