import { newEvent, presentCustomer, toTimestamp } from '@wattle/domain';
import { noContent, type RouteHandler, scopeOf } from '@wattle/http';
import { retryOnChange } from '@wattle/store';
import { loadCustomer } from './read-customers.ts';

/** DELETE /customers/{token}: the customer and all its cards, for good. */
export const deleteCustomer: RouteHandler = async (request, { store, clock, ids }) => {
  const now = clock.now();
  const scope = scopeOf(request);
  await retryOnChange('customer', async () => {
    const loaded = await loadCustomer(store, scope, request.params.customer_token!);
    const event = newEvent(ids, 'customer.deleted', presentCustomer(loaded.customer), toTimestamp(now));
    await store.customers.delete(scope, loaded, event, now);
  });
  return noContent();
};
