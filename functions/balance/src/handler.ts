import { presentBalance } from '@wattle/domain';
import { apiHandler, resource, scopeOf } from '@wattle/http';

export const handler = apiHandler('balance', {
  /** GET /balance: available and pending, per currency, by the clock's now. */
  'GET /1/balance': async (request, { store, clock }) =>
    resource(200, presentBalance(await store.balance.read(scopeOf(request), clock.now()))),
});
