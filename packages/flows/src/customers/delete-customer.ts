import { type Clock, type Ids, newEvent, type Scope, toTimestamp } from '@wattle/domain';
import type { CustomersStore, RetryPacing } from '@wattle/ports';
import { presentDeletedCustomer } from '@wattle/wire';
import { retryOnChange } from '../shared/retry-on-change.ts';
import { loadCustomer, notFoundIfMissing } from './load-customer.ts';

/**
 * DELETE /customers/{token}: the customer and all its cards, for good. The event carries the
 * customer as deleted, so a change landing in between makes it read the customer again.
 */
export const deleteCustomer = async (
  {
    customers,
    clock,
    ids,
    pacing,
  }: { customers: CustomersStore; clock: Clock; ids: Ids; pacing: RetryPacing },
  scope: Scope,
  customerToken: string,
): Promise<void> => {
  const now = clock.now();
  await notFoundIfMissing(() =>
    retryOnChange(pacing, async () => {
      const loaded = await loadCustomer({ customers }, scope, customerToken);
      const event = newEvent(
        ids,
        'customer.deleted',
        presentDeletedCustomer(loaded.customer),
        toTimestamp(now),
      );
      await customers.delete(scope, loaded, event, now);
    }),
  );
};
