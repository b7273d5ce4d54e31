import { describe, expect, it } from 'vitest';
import type { Recording } from '../bench/ddb-recorder.ts';
import { unitsByRules, type WrittenItem } from '../bench/rules-units.ts';

describe("write units by DynamoDB's rules", () => {
  const big = 'x'.repeat(1100);
  const key = (pk: string, sk: string) => ({ pk: { S: pk }, sk: { S: sk } });
  const call = (command: string, input: Record<string, unknown>) => ({
    command,
    input,
    startMs: 0,
    endMs: 0,
    consumed: [],
  });

  it('counts every transaction item and index entry twice, by its own size', () => {
    const recording: Recording = {
      minted: [],
      calls: [
        call('TransactWriteItems', {
          TransactItems: [
            { Put: { Item: { ...key('A', 'P'), data: { S: big } } } },
            { Put: { Item: { ...key('J', 'JOB'), gsi3pk: { S: 'DUE' }, gsi3sk: { S: 't' } } } },
          ],
        }),
        call('TransactWriteItems', {
          TransactItems: [
            { Update: { Key: key('A', 'P') } },
            { Delete: { Key: key('J', 'JOB') } },
            { Delete: { Key: key('C', 'CARD') } },
          ],
        }),
      ],
    };
    const after = new Map([['A\u0000P', { ...key('A', 'P'), gsi1pk: { S: 'L' }, gsi1sk: { S: 's' } }]]);
    const cost = unitsByRules(recording, after);
    const summary = cost.items.map((i: WrittenItem) => [i.action, i.item, i.units, i.indexes.join()]);
    expect(summary).toEqual([
      ['put', 'A / P', 4, ''],
      ['put', 'J / JOB', 4, 'gsi3'],
      // The larger of before (1.1 KB) and after; the list entry it joined is small.
      ['update', 'A / P', 4 + 2, 'gsi1'],
      ['delete', 'J / JOB', 4, 'gsi3 −'],
      ['delete', 'C / CARD', 2, ''],
    ]);
    expect(cost.writeUnits).toBe(4 + 4 + 6 + 4 + 2);
    expect(cost.indexWriteUnits).toBe(2 + 2 + 2);
    expect(cost.items[4]?.note).toMatch(/1 unit/);
  });
});
