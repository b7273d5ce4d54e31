import { PinError, type Scope } from '@wattle/domain';
import { createPayment, createRefund } from '@wattle/flows';
import type { RuntimeDeps } from '@wattle/runtime';
import { describe, expect, it } from 'vitest';
import { aChargeRequest } from '../helpers/builders.ts';
import { testDeps, useTable } from '../helpers/table.ts';

const table = useTable();
const deps: RuntimeDeps = testDeps(table);

/** A captured charge of 1000 AUD: 952 to the merchant. */
const charge = async (scope: Scope): Promise<string> =>
  (await createPayment(deps, scope, aChargeRequest())).payment.token;

/**
 * Runs `first` so that `second` runs to its end after `first` has read the balance and before
 * `first` commits its refund: the interleaving of two racing refunds of one merchant.
 */
const interleaved = async <T>(first: () => Promise<T>, second: () => Promise<unknown>): Promise<T> => {
  const refunds = table.store.refunds;
  const create = refunds.create.bind(refunds);
  let overtaken = false;
  refunds.create = async (...args) => {
    if (!overtaken) {
      overtaken = true;
      await second();
    }
    return create(...args);
  };
  try {
    return await first();
  } finally {
    refunds.create = create;
  }
};

/** Counts the balance reads refunds make. */
const countingLedgerReads = (): { reads: () => number; restore: () => void } => {
  const balance = table.store.balance;
  const ledger = balance.ledger.bind(balance);
  let reads = 0;
  balance.ledger = (...args) => {
    reads++;
    return ledger(...args);
  };
  return { reads: () => reads, restore: () => (balance.ledger = ledger) };
};

/** The whole balance, settling proceeds included (debits come off the available part). */
const balanceOf = async (scope: Scope): Promise<number> => {
  const { available, unsettled } = await table.store.balance.ledger(scope, 'AUD', new Date());
  return available + unsettled;
};

describe("a refund's balance check", () => {
  it('lets a racing refund that the balance still covers through at once, without reading again', async () => {
    const scope: Scope = { accountId: 'acct_refund_race_fits', environment: 'test' };
    const [a, b] = [await charge(scope), await charge(scope)];
    const counting = countingLedgerReads();
    try {
      const refund = await interleaved(
        () => createRefund(deps, scope, a as string, 500),
        () => createRefund(deps, scope, b as string, 500),
      );
      expect(refund.amount).toBe(500);
      // One read each: the other refund committing in between did not send this one round again.
      expect(counting.reads()).toBe(2);
    } finally {
      counting.restore();
    }
    expect(await balanceOf(scope)).toBe(1904 - 1000);
  });

  it('answers 402 when a racing refund took what it needed between its read and its commit', async () => {
    const scope: Scope = { accountId: 'acct_refund_race_short', environment: 'test' };
    const [a, b] = [await charge(scope), await charge(scope)];
    const refused = await interleaved(
      () => createRefund(deps, scope, a as string, 1000),
      () => createRefund(deps, scope, b as string, 1000),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PinError);
    expect((refused as PinError).code).toBe('insufficient_pin_balance');
    // Only the racing refund was taken: the balance never went below zero.
    expect(await balanceOf(scope)).toBe(1904 - 1000);
    expect((await table.store.payments.get(scope, a as string))?.amountRefunded).toBe(0);
  });
});
