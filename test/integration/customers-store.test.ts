import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { type Card, type Customer, newCard, newEvent, type Scope, toTimestamp } from '@wattle/domain';
import { Changed, Missing } from '@wattle/ports';
import { randomIds } from '@wattle/runtime';
import { presentCustomer } from '@wattle/wire';
import { describe, expect, it } from 'vitest';
import { aCardDetails } from '../helpers/builders.ts';
import { useTable } from '../helpers/table.ts';

const table = useTable();
const now = new Date('2026-11-21T05:00:00Z');
const scope: Scope = { accountId: 'acct_integration', environment: 'test' };

const details = aCardDetails;

const sealedCard = async (number = '4200000000000000') => {
  const card: Card = newCard(details(number), randomIds.token('card'), toTimestamp(now));
  return table.store.cardTokens.seal(scope, card, number);
};

const makeCustomer = async (): Promise<Customer> => {
  const sealed = await sealedCard();
  const customer: Customer = {
    token: randomIds.token('cus'),
    email: 'a@example.com',
    firstName: '',
    lastName: '',
    phoneNumber: '',
    company: '',
    notes: '',
    createdAt: toTimestamp(now),
    primaryCard: sealed.card,
  };
  const event = newEvent(randomIds, 'customer.created', presentCustomer(customer), customer.createdAt);
  await table.store.customers.create(scope, customer, { from: 'new', sealed }, event, now);
  return customer;
};

describe('customers in the table', () => {
  it('writes the customer, its card, the counters and the event in one transaction', async () => {
    const before = (await table.store.events.list(scope, 1)).total;
    const customer = await makeCustomer();
    const loaded = await table.store.customers.get(scope, customer.token);
    expect(loaded).toEqual({ customer, version: 1 });
    const events = await table.store.events.list(scope, 1);
    expect(events.total).toBe(before + 1);
    expect(events.items[0]).toMatchObject({ type: 'customer.created', data: { token: customer.token } });
    expect((await table.store.customers.listCards(scope, customer.token, 1)).total).toBe(1);
  });

  it('refuses a change made from a stale version', async () => {
    const customer = await makeCustomer();
    const change = (notes: string) => ({
      customer: { ...customer, notes },
      expectedVersion: 1,
      intake: null,
      removedCardToken: null,
      event: newEvent(randomIds, 'customer.updated', {}, toTimestamp(now)),
    });
    await table.store.customers.update(scope, change('first'), now);
    const stale = table.store.customers.update(scope, change('second'), now);
    await expect(stale).rejects.toBeInstanceOf(Changed);
    await expect(stale).rejects.toMatchObject({ resource: 'customer', token: customer.token });
    expect((await table.store.customers.get(scope, customer.token))?.customer.notes).toBe('first');
  });

  it("raises the port's refusals: Missing for a customer or card that is not there, Changed for the primary", async () => {
    const customer = await makeCustomer();
    const added = await sealedCard();
    await table.store.customers.addCard(scope, customer.token, { from: 'new', sealed: added }, now);
    const removePrimary = table.store.customers.removeCard(scope, customer.token, customer.primaryCard.token);
    await expect(removePrimary).rejects.toEqual(new Changed('customer', customer.token));
    await table.store.customers.removeCard(scope, customer.token, added.card.token);
    const removeAgain = table.store.customers.removeCard(scope, customer.token, added.card.token);
    await expect(removeAgain).rejects.toEqual(new Missing('card', added.card.token));

    const loaded = (await table.store.customers.get(scope, customer.token))!;
    await table.store.customers.addCard(
      scope,
      customer.token,
      { from: 'new', sealed: await sealedCard() },
      now,
    );
    const staleDelete = table.store.customers.delete(
      scope,
      loaded,
      newEvent(randomIds, 'customer.deleted', {}, toTimestamp(now)),
      now,
    );
    await expect(staleDelete).rejects.toEqual(new Changed('customer', customer.token));
    const fresh = (await table.store.customers.get(scope, customer.token))!;
    await table.store.customers.delete(
      scope,
      fresh,
      newEvent(randomIds, 'customer.deleted', {}, toTimestamp(now)),
      now,
    );
    const addToGone = table.store.customers.addCard(
      scope,
      customer.token,
      { from: 'new', sealed: await sealedCard() },
      now,
    );
    await expect(addToGone).rejects.toEqual(new Missing('customer', customer.token));
    const deleteGone = table.store.customers.delete(
      scope,
      fresh,
      newEvent(randomIds, 'customer.deleted', {}, toTimestamp(now)),
      now,
    );
    await expect(deleteGone).rejects.toEqual(new Missing('customer', customer.token));
  });

  it('deletes a customer with more cards than one transaction holds', async () => {
    const customer = await makeCustomer();
    for (let i = 0; i < 120; i++) {
      await table.store.customers.addCard(
        scope,
        customer.token,
        { from: 'new', sealed: await sealedCard() },
        now,
      );
    }
    expect((await table.store.customers.listCards(scope, customer.token, 1)).total).toBe(121);
    const loaded = (await table.store.customers.get(scope, customer.token))!;
    const event = newEvent(randomIds, 'customer.deleted', {}, toTimestamp(now));
    await table.store.customers.delete(scope, loaded, event, now);
    const left = await table.doc.send(
      new ScanCommand({
        TableName: table.tableName,
        FilterExpression: 'begins_with(pk, :p)',
        ExpressionAttributeValues: { ':p': `${scope.accountId}#${scope.environment}#${customer.token}` },
      }),
    );
    expect(left.Items).toEqual([]);
    expect(await table.store.customers.get(scope, customer.token)).toBeNull();
    const owners = await table.doc.send(
      new ScanCommand({
        TableName: table.tableName,
        FilterExpression: '#et = :owner AND customerToken = :cus',
        ExpressionAttributeNames: { '#et': '_et' },
        ExpressionAttributeValues: { ':owner': 'card_owner', ':cus': customer.token },
      }),
    );
    expect(owners.Items).toEqual([]);
  });

  it('keeps the owner of each card with the card: written and removed in the same transactions', async () => {
    const customer = await makeCustomer();
    const owner = (cardToken: string) => table.store.customers.findCardOwner(scope, cardToken);
    expect(await owner(customer.primaryCard.token)).toBe(customer.token);
    expect(
      await table.store.customers.findCardOwner(
        { ...scope, environment: 'live' },
        customer.primaryCard.token,
      ),
    ).toBeNull();
    const added = await sealedCard();
    await table.store.customers.addCard(scope, customer.token, { from: 'new', sealed: added }, now);
    expect(await owner(added.card.token)).toBe(customer.token);
    await table.store.customers.removeCard(scope, customer.token, added.card.token);
    expect(await owner(added.card.token)).toBeNull();

    const replacement = await sealedCard();
    await table.store.customers.update(
      scope,
      {
        customer: { ...customer, primaryCard: replacement.card },
        expectedVersion: 3,
        intake: { from: 'new', sealed: replacement },
        removedCardToken: customer.primaryCard.token,
        event: newEvent(randomIds, 'customer.updated', {}, toTimestamp(now)),
      },
      now,
    );
    expect(await owner(customer.primaryCard.token)).toBeNull();
    expect(await owner(replacement.card.token)).toBe(customer.token);
    const loaded = (await table.store.customers.get(scope, customer.token))!;
    await table.store.customers.delete(
      scope,
      loaded,
      newEvent(randomIds, 'customer.deleted', {}, toTimestamp(now)),
      now,
    );
    expect(await owner(replacement.card.token)).toBeNull();
  });
});

describe('card tokens', () => {
  it('seal the number: never stored in clear, and bound to their card', async () => {
    const sealed = await sealedCard('5520000000000000');
    await table.store.cardTokens.put(scope, sealed, new Date(now.getTime() + 3600_000));
    const scan = await table.doc.send(new ScanCommand({ TableName: table.tableName }));
    expect(JSON.stringify(scan.Items)).not.toContain('5520000000000000');
    const context = `${scope.accountId}#${scope.environment}#${sealed.card.token}`;
    expect(await table.store.ctx.cipher.open(sealed.sealedNumber, context)).toBe('5520000000000000');
    await expect(table.store.ctx.cipher.open(sealed.sealedNumber, `${context}x`)).rejects.toThrow();
  });

  it('are unusable once expired, before DynamoDB sweeps them', async () => {
    const sealed = await sealedCard();
    await table.store.cardTokens.put(scope, sealed, new Date(now.getTime() + 60_000));
    expect(await table.store.cardTokens.findUnused(scope, sealed.card.token, now)).not.toBeNull();
    const later = new Date(now.getTime() + 61_000);
    expect(await table.store.cardTokens.findUnused(scope, sealed.card.token, later)).toBeNull();
  });

  it('are not visible to another merchant or environment', async () => {
    const sealed = await sealedCard();
    await table.store.cardTokens.put(scope, sealed, new Date(now.getTime() + 60_000));
    const other: Scope = { accountId: 'acct_other', environment: 'test' };
    const live: Scope = { accountId: scope.accountId, environment: 'live' };
    expect(await table.store.cardTokens.findUnused(other, sealed.card.token, now)).toBeNull();
    expect(await table.store.cardTokens.findUnused(live, sealed.card.token, now)).toBeNull();
  });
});

describe('idempotency keys', () => {
  const times = (at: Date) => ({ now: at, retentionSeconds: 86400, lockSeconds: 60 });
  const response = {
    statusCode: 201,
    headers: { 'Content-Type': 'application/json' },
    body: '{"response":{}}',
  };

  it('claims, refuses while running, replays when done, and refuses another request', async () => {
    const repo = table.store.idempotency;
    expect(await repo.start(scope, 'k1', 'r1', times(now))).toEqual({ outcome: 'started' });
    expect(await repo.start(scope, 'k1', 'r1', times(now))).toEqual({ outcome: 'in-progress' });
    await repo.complete(scope, 'k1', response);
    expect(await repo.start(scope, 'k1', 'r1', times(now))).toEqual({ outcome: 'replay', response });
    expect(await repo.start(scope, 'k1', 'r2', times(now))).toEqual({ outcome: 'mismatch' });
  });

  it('lets the same request take over a key whose holder died, and frees keys after a day', async () => {
    const repo = table.store.idempotency;
    await repo.start(scope, 'k2', 'r1', times(now));
    const afterLock = new Date(now.getTime() + 61_000);
    expect(await repo.start(scope, 'k2', 'r2', times(afterLock))).toEqual({ outcome: 'mismatch' });
    expect(await repo.start(scope, 'k2', 'r1', times(afterLock))).toEqual({ outcome: 'started' });
    await repo.complete(scope, 'k2', response);
    const nextDay = new Date(afterLock.getTime() + 86_401_000);
    expect(await repo.start(scope, 'k2', 'r9', times(nextDay))).toEqual({ outcome: 'started' });
  });
});
