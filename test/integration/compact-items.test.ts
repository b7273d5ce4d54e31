import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { newEvent, type Payment, reservationOf, type Scope, settlementOf } from '@wattle/domain';
import { pipeMessageBody } from '@wattle/local';
import { randomIds } from '@wattle/runtime';
import { eventOfStreamRecord } from '@wattle/store';
import { presentCharge } from '@wattle/wire';
import { describe, expect, it } from 'vitest';
import { keys } from '../../packages/store/src/kernel/keys.ts';
import { itemSize } from '../bench/item-size.ts';
import { aCard, aPayment } from '../helpers/builders.ts';
import { useTable } from '../helpers/table.ts';

const table = useTable();
const scope: Scope = { accountId: randomIds.token('acct'), environment: 'test' };
const now = new Date('2026-11-24T20:19:03.196Z');

/** A charge as a typical POST /charges makes it (the bench's), reserved then captured. */
const aCharge = (): Payment =>
  aPayment({
    token: randomIds.token('ch'),
    state: 'processing',
    captureOnSuccess: true,
    amount: 400,
    description: 'Birthday present',
    email: 'roland@example.com',
    ipAddress: '203.0.113.41',
    card: aCard({
      token: randomIds.token('card'),
      bin: '420000',
      name: 'Roland Robot',
      addressLine1: '42 Sevenoaks St',
      addressCity: 'Lathlain',
      addressPostcode: '6454',
      addressState: 'WA',
      addressCountry: 'Australia',
      createdAt: '2026-11-24T20:19:03Z',
    }),
    createdAt: '2026-11-24T20:19:03Z',
    expiresAt: null,
    totalFees: null,
  });

/** A renewal's charge: the customer's card, the plan's description, no IP address or metadata. */
const aCustomersCharge = (): Payment => {
  const customerToken = randomIds.token('cus');
  const charge = aCharge();
  return {
    ...charge,
    customerToken,
    description: 'Subscription to Gold monthly',
    email: 'roland.robot@example.com',
    ipAddress: '',
    metadata: {},
    cardOwner: { customerToken, primary: true },
  };
};

const bytesOf = async (key: { pk: string; sk: string }): Promise<number> => {
  const { Item } = await table.raw.send(
    new GetItemCommand({ TableName: table.tableName, Key: marshall(key), ConsistentRead: true }),
  );
  if (!Item) throw new Error(`No item ${key.pk}`);
  return itemSize(Item as unknown as Parameters<typeof itemSize>[0]);
};

const reserve = async (reserved: Payment = aCharge()): Promise<Payment> => {
  await table.store.payments.commit(
    scope,
    reservationOf({
      payment: reserved,
      sealedNumber: 'sealed',
      uses: { cardToken: null, paymentSourceToken: null },
      recovery: 'own',
    }),
    now,
  );
  return reserved;
};

const captureOf = async (reserved: Payment) => {
  const captured: Payment = { ...reserved, state: 'captured', capturedAt: reserved.createdAt, totalFees: 37 };
  const event = newEvent(randomIds, 'charge.captured', presentCharge(captured, now), reserved.createdAt);
  await table.store.payments.commit(
    scope,
    settlementOf({ before: reserved, after: captured, event, recovery: { by: 'own' }, reservedAt: now, now }),
    now,
  );
  return { captured, event };
};

describe("a charge's items", () => {
  it('stay under 1 KB, one write unit each, and read back as written', async () => {
    const reserved = await reserve();
    expect(await bytesOf(keys.payment(scope, reserved.token))).toBeLessThan(1024);
    const { captured, event } = await captureOf(reserved);

    expect(await bytesOf(keys.payment(scope, captured.token))).toBeLessThan(1024);
    expect(await bytesOf(keys.event(scope, event.token))).toBeLessThan(1024);
    expect(await table.store.payments.get(scope, captured.token)).toEqual({ ...captured, transfers: [] });
    expect((await table.store.payments.list(scope, 'charge', 1)).items).toEqual([
      { ...captured, transfers: [] },
    ]);
    expect(await table.store.events.get(scope, event.token)).toEqual(event);
    expect((await table.store.events.list(scope, 1)).items).toEqual([event]);
  });

  it("reach the webhook delivery through the Pipe's record, the data in base64", async () => {
    const { event } = await captureOf(await reserve());
    const { Item } = await table.raw.send(
      new GetItemCommand({ TableName: table.tableName, Key: marshall(keys.event(scope, event.token)) }),
    );
    expect(Item?.data?.B).toBeDefined();
    const body = pipeMessageBody(
      { eventName: 'INSERT', dynamodb: { Keys: { pk: Item?.pk, sk: Item?.sk } as never, NewImage: Item } },
      'arn:aws:dynamodb:local:000000000000:table/t/stream/x',
    );
    expect(JSON.parse(body).dynamodb.NewImage.data.B).toEqual(expect.any(String));
    expect(eventOfStreamRecord(body)).toEqual({ scope, event });
  });
});

describe("a customer's charge (a renewal's)", () => {
  it('leaves its defaults off its item, which stays under 1 KB with both lists, and reads back as written', async () => {
    const { captured } = await captureOf(await reserve(aCustomersCharge()));
    const key = keys.payment(scope, captured.token);
    const { Item } = await table.raw.send(
      new GetItemCommand({ TableName: table.tableName, Key: marshall(key), ConsistentRead: true }),
    );
    // In the merchant's charges and the customer's: two index copies of the item.
    expect([Item?.gsi1pk?.S, Item?.gsi2pk?.S]).toEqual([expect.any(String), expect.any(String)]);
    const stored = Object.keys(Item?.payment?.M ?? {});
    for (const left of ['ipAddress', 'metadata', 'amountCaptured', 'amountRefunded', 'pendingRefunds'])
      expect({ left, stored: stored.includes(left) }).toEqual({ left, stored: false });
    expect(await bytesOf(key)).toBeLessThan(1024);
    expect(await table.store.payments.get(scope, captured.token)).toEqual({ ...captured, transfers: [] });
  });
});

describe('items written before', () => {
  const oldScope: Scope = { accountId: randomIds.token('acct'), environment: 'test' };

  it('read the same: a payment with its nulls, an event with its JSON text and its owner', async () => {
    const payment = aPayment({
      token: randomIds.token('ch'),
      state: 'captured',
      capturedAt: '2026-11-21T00:00:00Z',
    });
    const sortKey = `2026-11-21T00:00:00.000Z#${payment.token}`;
    await table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: {
          ...keys.payment(oldScope, payment.token),
          _et: 'charge',
          payment,
          listSortKey: sortKey,
          refundable: 1000,
          gsi1pk: `${oldScope.accountId}#test#charges`,
          gsi1sk: sortKey,
        },
      }),
    );
    const event = newEvent(randomIds, 'charge.captured', presentCharge(payment, now), payment.createdAt);
    const eventItem = {
      ...keys.event(oldScope, event.token),
      _et: 'event',
      accountId: oldScope.accountId,
      environment: oldScope.environment,
      token: event.token,
      type: event.type,
      data: JSON.stringify(event.data),
      createdAt: event.createdAt,
      gsi1pk: `${oldScope.accountId}#test#events`,
      gsi1sk: `${event.createdAt}#${event.token}`,
    };
    await table.doc.send(new PutCommand({ TableName: table.tableName, Item: eventItem }));

    expect(await table.store.payments.get(oldScope, payment.token)).toEqual({ ...payment, transfers: [] });
    expect(await table.store.events.get(oldScope, event.token)).toEqual(event);
    expect((await table.store.events.list(oldScope, 1)).items).toEqual([event]);
    const body = pipeMessageBody(
      { eventName: 'INSERT', dynamodb: { NewImage: marshall(eventItem) as never } },
      'arn:aws:dynamodb:local:000000000000:table/t/stream/x',
    );
    expect(eventOfStreamRecord(body)).toEqual({ scope: oldScope, event });
  });
});
