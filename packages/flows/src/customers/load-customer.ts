import { PinError, type Scope } from '@wattle/domain';
import { type CustomersStore, type LoadedCustomer, Missing } from '@wattle/ports';

/** The customer named in the path, or 404 (also for another merchant's or environment's). */
export const loadCustomer = async (
  { customers }: { customers: CustomersStore },
  scope: Scope,
  customerToken: string,
): Promise<LoadedCustomer> => {
  const loaded = await customers.get(scope, customerToken);
  if (!loaded) throw new PinError('not_found');
  return loaded;
};

/**
 * Runs a write on a customer that was there when it was read: when it (or the card the write
 * needs) is gone by the time the write lands, the answer is the 404 a fresh read would give.
 */
export const notFoundIfMissing = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Missing) throw new PinError('not_found');
    throw error;
  }
};
