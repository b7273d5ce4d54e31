import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { chargeFields } from '../helpers/fixtures.ts';
import { useTable } from '../helpers/table.ts';
import type { DynamoDbCall } from '../reliability/harness/dynamodb-hooks.ts';
import { isWrite } from '../reliability/harness/dynamodb-hooks.ts';
import { type InProcessApi, inProcessApi } from '../reliability/harness/in-process-api.ts';

const table = useTable();
let api: InProcessApi;

beforeAll(async () => {
  api = await inProcessApi(table, inject('ddbEndpoint'));
});

/** The keys (`pk sk`) a write touches, in its order. */
const keysOf = (call: DynamoDbCall): string[] => {
  const items =
    call.command === 'TransactWriteItems'
      ? (call.input.TransactItems as Record<string, { Key?: Key; Item?: Key }>[]).map(
          (entry) => Object.values(entry)[0]!,
        )
      : [call.input as { Key?: Key; Item?: Key }];
  return items.map((item) => {
    const key = (item.Key ?? item.Item)!;
    return `${key.pk} ${key.sk}`;
  });
};
type Key = { pk: string; sk: string };

const touchesKey = (call: DynamoDbCall) => keysOf(call).some((key) => key.includes('IDEMPOTENCY#'));

/** The writes of one keyed request, by command, and which of them touch its Idempotency-Key. */
const writesOf = async (path: string, body: unknown, key: string) => {
  api.hooks.reset();
  const res = await api.call('POST', path, body, { headers: { 'idempotency-key': key } });
  const writes = api.hooks.calls.filter(isWrite);
  return {
    res,
    commands: writes.map((call) => call.command),
    withKey: writes.map(touchesKey),
  };
};

/**
 * A keyed charge or authorisation on DynamoDB: the key claimed in the payment's reservation, its
 * answer kept in the settlement's transaction: no write of the key's own before or after them
 * (issue #42: one round trip to reserve, one to complete).
 */
describe('A keyed payment: its Idempotency-Key claimed in the reservation, completed in the settlement', () => {
  for (const [path, fields] of [
    ['/1/charges', chargeFields()],
    ['/1/authorisations', chargeFields()],
    [
      '/1/charges',
      chargeFields({ card: { ...(chargeFields().card as object), number: '4100000000000001' } }),
    ],
  ] as const) {
    const what = (fields.card as { number: string }).number.startsWith('41') ? 'declined' : 'approved';
    it(`POST ${path} (${what}): two writes, both with the key, replayed in one round trip`, async () => {
      const key = randomUUID();
      const first = await writesOf(path, fields, key);
      expect(first.res.status).toBe(what === 'declined' ? 400 : 201);
      expect(first.commands).toEqual(['TransactWriteItems', 'TransactWriteItems']);
      expect(first.withKey).toEqual([true, true]);

      api.hooks.reset();
      const again = await api.call('POST', path, fields, { headers: { 'idempotency-key': key } });
      // The reservation refused by the key, its answer read from the same round trip.
      expect(api.hooks.calls.map((call) => call.command)).toEqual(['TransactWriteItems']);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect([again.status, again.text]).toEqual([first.res.status, first.res.text]);
    });
  }
});

describe('A keyed charge on a card token the first attempt used up', () => {
  it('is replayed from the key’s claim after the token’s reads, without reading the payment', async () => {
    const card = await api.call('POST', '/1/cards', chargeFields().card);
    expect(card.status).toBe(201);
    const fields = { ...chargeFields(), card: undefined, card_token: card.body.response.token };
    const key = randomUUID();
    const first = await writesOf('/1/charges', fields, key);
    expect(first.res.status).toBe(201);
    expect(first.commands).toEqual(['TransactWriteItems', 'TransactWriteItems']);

    api.hooks.reset();
    const again = await api.call('POST', '/1/charges', fields, { headers: { 'idempotency-key': key } });
    expect([again.status, again.text, again.headers['idempotent-replayed']]).toEqual([
      201,
      first.res.text,
      'true',
    ]);
    // The card token's reads (used, or not held: decision 208), then the key's claim, refused with
    // the first answer: the payment itself is not read.
    const charge = first.res.body.response.token as string;
    expect(api.hooks.calls.filter(isWrite).map((call) => call.command)).toEqual(['PutItem']);
    expect(api.hooks.calls.at(-1)?.command).toBe('PutItem');
    expect(api.hooks.calls.filter((call) => JSON.stringify(call.input).includes(charge))).toEqual([]);
  });
});

describe('A keyed live charge whose payer is sent to 3-D Secure', () => {
  it('keeps the key’s answer with the write that makes it wait for the payer: two writes', async () => {
    const fields = chargeFields({
      three_d_secure: { enabled: true, callback_url: 'https://shop.example/back?order=1' },
    });
    const headers = { 'idempotency-key': randomUUID() };
    const live = { headers, key: api.liveSecretKey, stage: 'live' } as const;
    api.hooks.reset();
    const first = await api.call('POST', '/1/charges', fields, live);
    expect(first.status, first.text).toBe(202);
    const writes = api.hooks.calls.filter(isWrite);
    expect(writes.map((call) => call.command)).toEqual(['TransactWriteItems', 'TransactWriteItems']);
    expect(writes.map(touchesKey)).toEqual([true, true]);
    const again = await api.call('POST', '/1/charges', fields, live);
    expect([again.status, again.text, again.headers['idempotent-replayed']]).toEqual([
      202,
      first.text,
      'true',
    ]);
  });
});
