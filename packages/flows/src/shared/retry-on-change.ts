import { Changed, DeadlineReached, type RetryPacing, TransactionConflictError } from '@wattle/ports';

/**
 * How long a read-decide-write keeps trying against other requests changing what it reads: long
 * enough for a burst of concurrent updates of one resource to pass one after another, and far
 * inside a function's 29 seconds, whatever else the request does after it.
 */
export const retryBudgetMs = 6_000;

/** The ceiling of the wait after the first lost round; each further loss doubles it. */
export const firstRetryDelayMs = 15;

/** The ceiling never grows past this: a loser comes back within a few rounds of the store. */
export const maxRetryDelayMs = 300;

/**
 * The wait after the `lost`-th round lost in a row: "full jitter", uniform between nothing and the
 * capped exponential ceiling, so racing losers spread out instead of colliding again in step.
 */
export const retryDelayMs = (lost: number, random: number): number =>
  random * Math.min(maxRetryDelayMs, firstRetryDelayMs * 2 ** (lost - 1));

/**
 * Runs an optimistic read-decide-write again when the store answers Changed (another request
 * changed what it read in between), after a jittered, growing wait. Each attempt reads afresh, so
 * the decision is made again too. Only a Changed that `retries` accepts is retried; any other
 * failure passes at once. When the budget is spent it gives up as a transaction conflict would:
 * nothing was committed, and the client may send the same request again (503 with Retry-After).
 * It never waits past the request's deadline (RetryPacing.timeLeft): out of time, it gives up
 * with DeadlineReached.
 */
export const retryOnChange = async <T>(
  pacing: RetryPacing,
  attempt: () => Promise<T>,
  retries: (changed: Changed) => boolean = () => true,
): Promise<T> => {
  const budget = Math.min(retryBudgetMs, pacing.timeLeft());
  const deadline = pacing.now() + budget;
  for (let lost = 1; ; lost++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof Changed) || !retries(error)) throw error;
      const left = deadline - pacing.now();
      if (left <= 0)
        throw budget < retryBudgetMs
          ? new DeadlineReached({ cause: error })
          : new TransactionConflictError({ cause: error });
      await pacing.sleep(Math.min(left, retryDelayMs(lost, pacing.random())));
    }
  }
};
