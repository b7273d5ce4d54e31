import { ConditionFailedError } from './errors.ts';

/**
 * Runs an optimistic read-decide-write again when another request changed the item in between
 * (its version condition failed). Each attempt reads afresh, so the decision is made again too.
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
      if (!changed || i >= attempts) throw error;
    }
  }
};
