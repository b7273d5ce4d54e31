import { depositJobsOf, jobKinds } from '@wattle/ports';
import { describe, expect, it } from 'vitest';

const account = { id: 'acct_1', createdAt: '2026-11-24T10:30:00Z' };

/** The jobs both store engines write with a new account. */
describe("an account's starting jobs", () => {
  it('gives a deposit-mode account a daily deposit job in each environment, due at the next daily run', () => {
    const next = new Date('2026-11-25T00:00:00Z');
    expect(depositJobsOf({ ...account, transfersEnabled: false })).toEqual([
      {
        kind: jobKinds.dailyDeposit,
        scope: { accountId: 'acct_1', environment: 'test' },
        token: 'acct_1',
        dueAt: next,
      },
      {
        kind: jobKinds.dailyDeposit,
        scope: { accountId: 'acct_1', environment: 'live' },
        token: 'acct_1',
        dueAt: next,
      },
    ]);
  });

  it('gives an account that pays out by transfers none', () => {
    expect(depositJobsOf({ ...account, transfersEnabled: true })).toEqual([]);
  });
});
