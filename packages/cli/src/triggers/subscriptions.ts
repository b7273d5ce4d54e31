import { responseOf } from '../api-client.ts';
import { clockOf, type Recipe } from './recipe.ts';
import { day, declinedCard, plan, sampleCard, subscription } from './samples.ts';

/** Plans and subscriptions. */
export const subscriptionRecipes: Recipe[] = [
  {
    type: 'plan.created',
    needs: 'api',
    does: 'creates a monthly plan',
    run: async ({ api }) => ({ events: api, about: (await plan(api)).token }),
  },
  {
    type: 'plan.deleted',
    needs: 'api',
    does: 'creates a plan, then deletes it',
    run: async ({ api }) => {
      const made = await plan(api);
      await api.call('DELETE', `/1/plans/${made.token}`);
      return { events: api, about: made.token };
    },
  },
  {
    type: 'subscription.created',
    needs: 'api',
    does: 'subscribes a new customer to a new monthly plan',
    run: async ({ api }) => ({ events: api, about: (await subscription(api)).token }),
  },
  {
    type: 'subscription.cancelled',
    needs: 'api',
    does: 'subscribes a customer, then cancels (DELETE)',
    run: async ({ api }) => {
      const made = await subscription(api);
      await api.call('DELETE', `/1/subscriptions/${made.token}`);
      return { events: api, about: made.token };
    },
  },
  {
    type: 'subscription.unsubscribed',
    needs: 'api',
    does: 'subscribes a customer, then cancels through the customer’s self-service page',
    run: async ({ api }) => {
      const made = await subscription(api);
      const link = responseOf(await api.call('POST', `/1/subscriptions/${made.token}/self_service_link`));
      const url = new URL(link.url as string);
      const page = await fetch(`${url.origin}${url.pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ link: url.searchParams.get('link') ?? '', action: 'cancel' }),
      });
      if (!page.ok) throw new Error(`the self-service page answered ${page.status}`);
      return { events: api, about: made.token };
    },
  },
  {
    type: 'subscription.renewed',
    needs: 'clock',
    does: 'subscribes a customer to a daily plan, then moves the clock a day',
    run: async (context) => {
      const made = await subscription(context.api, { interval_unit: 'day' });
      await clockOf(context)(day);
      return { events: context.api, about: made.token };
    },
  },
  {
    type: 'subscription.renewal_failed',
    needs: 'clock',
    does: `subscribes a customer to a daily plan, switches it to the declined card ${declinedCard}, moves the clock a day`,
    run: async (context) => {
      const { api } = context;
      const made = await subscription(api, { interval_unit: 'day' });
      const card = responseOf(
        await api.call('POST', `/1/customers/${made.customer_token}/cards`, sampleCard(declinedCard)),
      );
      await api.call('PUT', `/1/subscriptions/${made.token}`, { card_token: card.token });
      await clockOf(context)(day);
      return { events: api, about: made.token };
    },
  },
  {
    type: 'subscription.expired',
    needs: 'clock',
    does: 'subscribes a customer to a daily plan of one interval, then moves the clock a day',
    run: async (context) => {
      const made = await subscription(context.api, { interval_unit: 'day', intervals: 1 });
      await clockOf(context)(day);
      return { events: context.api, about: made.token };
    },
  },
];
