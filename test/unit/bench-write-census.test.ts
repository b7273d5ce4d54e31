import { describe, expect, it } from 'vitest';
import { hotPartitions } from '../bench/hot-items.ts';
import { partitionPattern, WriteCensus } from '../bench/write-census.ts';

const scope = 'acct_AAAAAAAAAAAAAAAAAAAAAA#test';
const token = (prefix: string, n: number) => `${prefix}_${String(n).padStart(22, 'x')}`;

describe('write census (the hot-items scenario)', () => {
  it('charges each write to its item, its time-ordered partition and its index partitions, a condition check as a write', async () => {
    const census = new WriteCensus([
      {
        IndexName: 'gsi1',
        KeySchema: [
          { AttributeName: 'gsi1pk', KeyType: 'HASH' },
          { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ]);
    const event = {
      pk: { S: `${scope}#${token('evt', 1)}` },
      sk: { S: 'EVENT' },
      gsi1pk: { S: `${scope}#events` },
      data: { S: 'x'.repeat(1500) },
    };
    census.record('TransactWriteItems', {
      TransactItems: [
        { Put: { Item: event } },
        { Update: { Key: { pk: { S: `COUNTER#${scope}#events` }, sk: { S: '2' } } } },
        { Put: { Item: { pk: { S: 'FANOUT#3' }, sk: { S: `2026-11-24T20:00:00.000Z#${scope}` } } } },
        { ConditionCheck: { Key: { pk: { S: `${scope}#${token('whe', 1)}#LIVE` }, sk: { S: '3' } } } },
      ],
    });
    census.record('UpdateItem', { Key: { pk: event.pk, sk: event.sk } });
    const loads = await census.loads(async (key) =>
      (key.pk as { S: string }).S === event.pk.S ? { ...event, n: { N: '1' } } : undefined,
    );
    const by = (on: string, partition: string) => loads.find((l) => l.on === on && l.partition === partition);
    // 1.5 KB: 4 units in the transaction, 2 outside it, on the item and on its index entry.
    expect(by('table', `${event.pk.S} / EVENT`)).toEqual(expect.objectContaining({ units: 6, writes: 2 }));
    expect(by('gsi1', `${scope}#events`)).toEqual(expect.objectContaining({ units: 6, writes: 2 }));
    expect(by('table', `COUNTER#${scope}#events / 2`)?.units).toBe(2);
    // Appended in time order: the partition key takes the load, not the item.
    expect(by('table', 'FANOUT#3')?.units).toBe(2);
    // A transaction's condition check takes units from its item as a write would (until measured
    // otherwise in AWS), and writes no index entry.
    expect(by('table', `${scope}#${token('whe', 1)}#LIVE / 3`)).toEqual(
      expect.objectContaining({ units: 2, writes: 1 }),
    );
    expect(loads.filter((l) => l.on === 'gsi1')).toHaveLength(1);
    expect(census.count).toBe(5);
  });

  it('groups partitions by kind and derives the ceiling from the busiest', () => {
    expect(partitionPattern(`COUNTER#${scope}#charges / 3`, scope)).toBe('COUNTER#S#charges / <n>');
    expect(partitionPattern(`${scope}#${token('ch', 7)} / PAYMENT`, scope)).toBe('S#<ch> / PAYMENT');
    expect(partitionPattern(`${scope}#BALANCE / AUD#SETTLES#2026-11-29#2`, scope)).toBe(
      'S#BALANCE / AUD#SETTLES#<day>#<n>',
    );
    const kinds = hotPartitions({
      unit: 'charge',
      scope,
      requests: 100,
      errors: 0,
      firstError: null,
      seconds: 1,
      webhooksDelivered: 100,
      loads: [
        { on: 'gsi1', partition: `${scope}#charges`, units: 400, writes: 100 },
        { on: 'table', partition: `COUNTER#${scope}#charges / 0`, units: 120, writes: 60 },
        { on: 'table', partition: `COUNTER#${scope}#charges / 1`, units: 80, writes: 40 },
        { on: 'table', partition: 'FANOUT#1', units: 50, writes: 25 },
      ],
    });
    expect(kinds[0]).toEqual({
      on: 'gsi1',
      pattern: 'S#charges',
      scope: 'merchant',
      partitions: 1,
      unitsPerRequest: 4,
      busiestPerRequest: 4,
      ceiling: 250,
    });
    // Shards: the average share sets the ceiling; the busiest of the run is kept beside it.
    expect(kinds.find((k) => k.pattern === 'COUNTER#S#charges / <n>')).toEqual(
      expect.objectContaining({ partitions: 2, unitsPerRequest: 1, busiestPerRequest: 1.2, ceiling: 1000 }),
    );
    expect(kinds.find((k) => k.pattern === 'FANOUT#<n>')?.scope).toBe('table');
  });
});
