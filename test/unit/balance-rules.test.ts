import { balanceOf } from '@wattle/domain';
import { payoutLedgerOf } from '@wattle/ports';
import { describe, expect, it } from 'vitest';

const now = new Date('2026-11-24T23:59:59Z');

/** How both store engines make a currency's balance and ledger from what they keep. */
describe("a currency's balance", () => {
  it('makes the proceeds settled by the day of `now` (UTC) available, less the debits, and the rest unsettled', () => {
    const proceeds = [
      ['2026-11-20', 100],
      ['2026-11-24', 200],
      ['2026-11-25', 400],
    ] as const;
    expect(balanceOf('AUD', proceeds, 50, now)).toEqual({
      currency: 'AUD',
      available: 250,
      unsettled: 400,
      credited: 700,
    });
    // A second later it is the 25th: the last proceeds settle.
    expect(balanceOf('AUD', proceeds, 50, new Date(now.getTime() + 1000))).toMatchObject({
      available: 650,
      unsettled: 0,
    });
  });

  it('goes below zero when more was debited than has settled', () => {
    expect(balanceOf('AUD', [['2026-11-30', 300]], 120, now)).toEqual({
      currency: 'AUD',
      available: -120,
      unsettled: 300,
      credited: 300,
    });
  });
});

describe("a currency's payout ledger", () => {
  it('is empty before any money moved', () => {
    expect(payoutLedgerOf('NZD', [], null, now)).toEqual({
      currency: 'NZD',
      available: 0,
      unsettled: 0,
      credited: 0,
      version: 0,
      consumed: 0,
      cursor: null,
      givenBack: [],
    });
  });

  it("adds the debits' record to the balance", () => {
    const givenBack = [
      {
        position: 'p1',
        chargeToken: 'ch_1',
        description: 'd',
        amount: 1000,
        totalFees: 48,
        merchantEntitlement: 952,
        createdAt: '2026-11-20T00:00:00Z',
        givenBack: 100,
      },
    ];
    const cursor = { position: 'p1', before: 0 };
    expect(
      payoutLedgerOf(
        'AUD',
        [['2026-11-20', 952]],
        { debited: 500, version: 3, consumed: 600, cursor, givenBack },
        now,
      ),
    ).toEqual({
      currency: 'AUD',
      available: 452,
      unsettled: 0,
      credited: 952,
      version: 3,
      consumed: 600,
      cursor,
      givenBack,
    });
  });
});
