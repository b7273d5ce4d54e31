import { TransactionConflictError } from '@wattle/ports';
import { ConditionFailedError } from './errors.ts';

/**
 * Runs an optimistic read-decide-write again when another request changed the item in between
 * (its version condition failed). Each attempt reads afresh, so the decision is made again too.
 * Lost `attempts` times in a row, it gives up as a transaction conflict would: nothing was
 * committed, and the caller's client may send the same request again (503 with Retry-After).
 */
export const retryOnChange = async <T>(
  label: string,
  attempt: () => Promise<T>,
  attempts = 4,
): Promise<T> => {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      const changed = error instanceof ConditionFailedError && error.label === label;
      if (!changed) throw error;
      if (i >= attempts) throw new TransactionConflictError({ cause: error });
    }
  }
};
