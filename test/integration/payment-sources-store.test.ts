import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import {
  type Customer,
  newEvent,
  newTokenisedCard,
  type PaymentSourceRecord,
  type Scope,
  toTimestamp,
} from '@wattle/domain';
import { type SealedPaymentSource, TokenUsed } from '@wattle/ports';
import { randomIds } from '@wattle/runtime';
import { presentCustomer } from '@wattle/wire';
import { describe, expect, it } from 'vitest';
import { useTable } from '../helpers/table.ts';

const table = useTable();
const now = new Date('2026-11-21T05:00:00Z');
const scope: Scope = { accountId: 'acct_integration', environment: 'test' };
const inAnHour = new Date(now.getTime() + 3600_000);

/** A Google Pay source as the flow makes it: its number sealed as its card's. */
const storedSource = async (number = '5520000000000000'): Promise<SealedPaymentSource> => {
  const card = newTokenisedCard(
    {
      number,
      expiryMonth: 5,
      expiryYear: 2030,
      name: '',
      cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
      eci: '02',
      wallet: null,
    },
    'googlepay',
    randomIds.token('card'),
    toTimestamp(now),
  );
  const sealed = await table.store.cardTokens.seal(scope, card, number);
  const source: PaymentSourceRecord = {
    token: randomIds.token('ps'),
    type: 'googlepay',
    card,
    createdAt: toTimestamp(now),
  };
  const stored = { source, sealedNumber: sealed.sealedNumber };
  await table.store.paymentSources.put(scope, stored, inAnHour);
  return stored;
};

const customerFrom = async (stored: SealedPaymentSource): Promise<Customer> => {
  const customer: Customer = {
    token: randomIds.token('cus'),
    email: 'a@example.com',
    firstName: '',
    lastName: '',
    phoneNumber: '',
    company: '',
    notes: '',
    createdAt: toTimestamp(now),
    primaryCard: stored.source.card,
  };
  const event = newEvent(randomIds, 'customer.created', presentCustomer(customer), customer.createdAt);
  const sealed = { card: stored.source.card, sealedNumber: stored.sealedNumber };
  await table.store.customers.create(
    scope,
    customer,
    { from: 'payment_source', sealed, paymentSourceToken: stored.source.token },
    event,
    now,
  );
  return customer;
};

describe('payment sources in the table', () => {
  it('keep the number sealed, opening as their card, and no cryptogram', async () => {
    const stored = await storedSource();
    expect(await table.store.paymentSources.findUnused(scope, stored.source.token, now)).toEqual(stored);
    const scan = JSON.stringify(
      (await table.doc.send(new ScanCommand({ TableName: table.tableName }))).Items,
    );
    expect(scan).not.toContain('5520000000000000');
    expect(scan).not.toContain('AgAAAAAABk4DWZ4C28yUQAAAAAA=');
    const card = { card: stored.source.card, sealedNumber: stored.sealedNumber };
    expect((await table.store.cardTokens.open(scope, card)).number).toBe('5520000000000000');
  });

  it('are unusable once expired and unseen by another merchant or environment', async () => {
    const stored = await storedSource();
    const token = stored.source.token;
    expect(
      await table.store.paymentSources.findUnused(scope, token, new Date(inAnHour.getTime() + 1)),
    ).toBeNull();
    expect(
      await table.store.paymentSources.findUnused({ ...scope, accountId: 'acct_other' }, token, now),
    ).toBeNull();
    expect(
      await table.store.paymentSources.findUnused({ ...scope, environment: 'live' }, token, now),
    ).toBeNull();
  });

  it('are used up by the customer that takes one in: a second is refused with TokenUsed, racing or not', async () => {
    const stored = await storedSource();
    const results = await Promise.allSettled([
      customerFrom(stored),
      customerFrom(stored),
      customerFrom(stored),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const refused of results.filter((r) => r.status === 'rejected')) {
      expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(TokenUsed);
    }
    const winner = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<Customer>).value;
    expect(await table.store.customers.getCard(scope, winner.token, stored.source.card.token)).toEqual({
      card: stored.source.card,
      sealedNumber: stored.sealedNumber,
    });
    expect(await table.store.paymentSources.findUnused(scope, stored.source.token, now)).toBeNull();
  });
});
