import { Changed, TransactionConflictError } from '@wattle/ports';

/**
 * Runs an optimistic read-decide-write again when the store answers Changed (another request
 * changed what it read in between). Each attempt reads afresh, so the decision is made again too.
 * Lost `attempts` times in a row, it gives up as a transaction conflict would: nothing was
 * committed, and the caller's client may send the same request again (503 with Retry-After).
 */
export const retryOnChange = async <T>(attempt: () => Promise<T>, attempts = 4): Promise<T> => {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof Changed)) throw error;
      if (i >= attempts) throw new TransactionConflictError({ cause: error });
    }
  }
};
