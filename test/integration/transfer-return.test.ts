import {
  newBankAccount,
  payoutReturnDelayMs,
  rejectedPayoutAccount,
  type Scope,
  toTimestamp,
} from '@wattle/domain';
import { createPayment, createTransfer } from '@wattle/flows';
import type { RuntimeDeps } from '@wattle/runtime';
import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { aChargeRequest } from '../helpers/builders.ts';
import { testDeps, useTable } from '../helpers/table.ts';

const table = useTable();
const day = 86_400_000;

const depsAt = (at: { now: Date }): RuntimeDeps => ({ ...testDeps(table), clock: { now: () => at.now } });

describe('transfer return job', () => {
  it('fails a returned transfer once over overlapping runs, even before its payout job ran', async () => {
    const clock = { now: new Date() };
    const scope: Scope = { accountId: 'acct_return', environment: 'test' };
    await table.store.accounts.create(
      {
        id: scope.accountId,
        kind: 'merchant',
        name: 'Return Shop',
        email: 'shop@example.com',
        status: 'active',
        referredBy: null,
        createdAt: toTimestamp(clock.now),
        payoutBankAccount: newBankAccount(
          { name: 'Closed', ...rejectedPayoutAccount },
          'ba_closed',
          toTimestamp(clock.now),
        ),
      },
      [],
    );
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      clock.now = new Date(clock.now.getTime() + 1);
      tokens.push(
        (await createPayment(depsAt(clock), scope, aChargeRequest({ description: `O${i}` }))).payment.token,
      );
    }
    clock.now = new Date(clock.now.getTime() + 6 * day);

    // The request's own payout dies before linking any charge: its job and the return job wait.
    const payments = table.store.payments;
    const link = payments.linkTransfer.bind(payments);
    payments.linkTransfer = async () => {
      throw new Error('function timed out');
    };
    const transfer = await createTransfer(depsAt(clock), scope, {
      description: 'All of it',
      amount: 3 * 952,
      recipient: 'self',
    }).finally(() => {
      payments.linkTransfer = link;
    });
    expect((await table.store.balance.read(scope, clock.now))[0]?.available).toBe(0);

    // A day on, overlapping runs take both jobs (the return may well run before the payout).
    const later = new Date(clock.now.getTime() + payoutReturnDelayMs + 60_000);
    await Promise.all([
      runDueJobs(depsAt({ now: later }), later, jobHandlers),
      runDueJobs(depsAt({ now: later }), later, jobHandlers),
      runDueJobs(depsAt({ now: later }), later, jobHandlers),
    ]);
    expect(await table.store.schedule.due('transfer-return', later)).toEqual([]);
    expect((await table.store.transfers.get(scope, transfer.token))?.status).toBe('failed');
    const events = (await table.store.events.list(scope, 1)).items.filter(
      (e) => e.type === 'transfer.failed',
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ token: transfer.token, status: 'failed' });
    expect((await table.store.balance.read(scope, later))[0]?.available).toBe(3 * 952);
    for (const token of tokens)
      expect((await payments.get(scope, token))?.transfers).toEqual([
        { state: 'failed', paidAt: transfer.paidAt, token: transfer.token },
      ]);
    const ledger = await table.store.balance.ledger(scope, 'AUD', later);
    expect(ledger.givenBack.map((c) => [c.chargeToken, c.givenBack])).toEqual(tokens.map((t) => [t, 952]));
  });
});
