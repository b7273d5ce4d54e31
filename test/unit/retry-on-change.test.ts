import { BalanceShort, Changed, TransactionConflictError } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { retryOnChange } from '../../packages/flows/src/shared/retry-on-change.ts';

const changed = (resource: string) => new Changed(resource, 'AUD');

describe('retryOnChange', () => {
  it('runs the attempt again while its item changed underneath, and answers with the first success', async () => {
    let runs = 0;
    const result = await retryOnChange(async () => {
      runs++;
      if (runs < 3) throw changed('balance');
      return 'done';
    });
    expect([result, runs]).toEqual(['done', 3]);
  });

  it('gives up as a transaction conflict (a retryable 503) after losing every attempt', async () => {
    let runs = 0;
    const failure = await retryOnChange(async () => {
      runs++;
      throw changed('balance');
    }, 5).catch((error: unknown) => error);
    expect(runs).toBe(5);
    expect(failure).toBeInstanceOf(TransactionConflictError);
    expect((failure as Error).cause).toBeInstanceOf(Changed);
  });

  it('passes any other failure straight on, without running again', async () => {
    let runs = 0;
    const other = new BalanceShort(500);
    const failure = await retryOnChange(async () => {
      runs++;
      throw other;
    }).catch((error: unknown) => error);
    expect([failure, runs]).toEqual([other, 1]);
  });
});
