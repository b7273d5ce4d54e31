import type { Recipe } from './recipe.ts';
import { customer, recipient } from './samples.ts';

/** Customers and recipients. */
export const recordRecipes: Recipe[] = [
  {
    type: 'customer.created',
    needs: 'api',
    does: 'creates a customer with a card',
    run: async ({ api }) => ({ events: api, about: (await customer(api)).token }),
  },
  {
    type: 'customer.updated',
    needs: 'api',
    does: 'creates a customer, then changes its email',
    run: async ({ api }) => {
      const made = await customer(api);
      await api.call('PUT', `/1/customers/${made.token}`, { email: 'updated@example.com' });
      return { events: api, about: made.token };
    },
  },
  {
    type: 'customer.deleted',
    needs: 'api',
    does: 'creates a customer, then deletes it',
    run: async ({ api }) => {
      const made = await customer(api);
      await api.call('DELETE', `/1/customers/${made.token}`);
      return { events: api, about: made.token };
    },
  },
  {
    type: 'recipient.created',
    needs: 'api',
    does: 'creates a recipient with a bank account',
    run: async ({ api }) => ({ events: api, about: (await recipient(api)).token }),
  },
  {
    type: 'recipient.updated',
    needs: 'api',
    does: 'creates a recipient, then changes its name',
    run: async ({ api }) => {
      const made = await recipient(api);
      await api.call('PUT', `/1/recipients/${made.token}`, { name: 'Renamed Payee' });
      return { events: api, about: made.token };
    },
  },
  {
    type: 'recipient.deleted',
    needs: 'api',
    does: 'creates a recipient, then deletes it',
    run: async ({ api }) => {
      const made = await recipient(api);
      await api.call('DELETE', `/1/recipients/${made.token}`);
      return { events: api, about: made.token };
    },
  },
];
