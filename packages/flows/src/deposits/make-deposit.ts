import {
  type Deposit,
  depositNarration,
  depositSeed,
  type Ids,
  newEvent,
  nextDepositRun,
  takeGivenBack,
  toTimestamp,
  transferCurrency,
  usesDeposits,
} from '@wattle/domain';
import {
  type BalanceStore,
  type DepositsStore,
  type PayoutAccounts,
  type RetryPacing,
  type ScheduledJob,
  TokenTaken,
} from '@wattle/ports';
import { presentDeposit } from '@wattle/wire';
import { retryOnChange } from '../shared/retry-on-change.ts';
import { spanOf } from '../transfers/payout-span.ts';

export interface MakeDepositDeps {
  accounts: PayoutAccounts;
  balance: Pick<BalanceStore, 'ledger' | 'walkCredits'>;
  deposits: Pick<DepositsStore, 'create' | 'skip'>;
  ids: Ids;
  pacing: RetryPacing;
}

/**
 * The daily deposit job: sweeps the account's available AUD balance into its bank account, as a
 * transfer to `self` would (the same ledger, give-backs first, the same walk over the captures'
 * proceeds, the same guarded debit), then moves the job to the next day's run. The deposit's
 * token is derived from the account, environment and day, and the job is claimed in the same
 * transaction, so a crash's retry or an overlapping run never makes a second one. Nothing
 * available (or no bank account to deposit into) makes no deposit; the job still moves on.
 */
export const makeDeposit = async (deps: MakeDepositDeps, job: ScheduledJob, now: Date): Promise<void> => {
  const { scope } = job;
  // Runs missed while nothing ran (a stopped stack, a clock moved days) collapse into this one.
  const next = nextDepositRun(now > job.dueAt ? now : job.dueAt);
  const account = await deps.accounts.get(scope.accountId);
  if (!account || !usesDeposits(account) || !account.payoutBankAccount) {
    await deps.deposits.skip(job, next);
    return;
  }
  const bankAccount = account.payoutBankAccount;
  const token = deps.ids.derived('dpo', depositSeed(scope.accountId, scope.environment, job.dueAt));
  try {
    await retryOnChange(deps.pacing, async () => {
      const ledger = await deps.balance.ledger(scope, transferCurrency, now);
      if (ledger.available <= 0) return deps.deposits.skip(job, next);
      const amount = ledger.available;
      const givenBack = takeGivenBack(ledger.givenBack, amount);
      const consumes = amount - givenBack.covered;
      const span = await spanOf(
        deps.balance,
        scope,
        ledger.cursor,
        ledger.consumed,
        ledger.consumed + consumes,
      );
      const at = toTimestamp(now);
      const deposit: Deposit = {
        token,
        status: 'succeeded',
        amount,
        currency: transferCurrency,
        narration: depositNarration(token),
        createdAt: at,
        availableAt: at,
        bankAccount,
      };
      const event = newEvent(deps.ids, 'deposit.created', presentDeposit(deposit), at);
      await deps.deposits.create(
        scope,
        deposit,
        event,
        now,
        {
          ledger,
          walkEnd: span.to,
          consumes,
          givenBackLeft: givenBack.paid.length > 0 ? givenBack.left : undefined,
        },
        job,
        next,
      );
    });
  } catch (error) {
    // That day's deposit was made already (its job was put back by hand, say): nothing more to do.
    if (!(error instanceof TokenTaken)) throw error;
    await deps.deposits.skip(job, next);
  }
};
