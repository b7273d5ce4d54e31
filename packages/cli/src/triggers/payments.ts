import { ApiError, responseOf } from '../api-client.ts';
import { clockOf, type Recipe } from './recipe.ts';
import { charge, declinedCard, refundFailsCard, sampleCard } from './samples.ts';

/** Charges and refunds. */
export const paymentRecipes: Recipe[] = [
  {
    type: 'charge.authorised',
    needs: 'api',
    does: 'authorises a charge without capturing it (capture=false)',
    run: async ({ api }) => ({ events: api, about: (await charge(api, { capture: false })).token }),
  },
  {
    type: 'charge.captured',
    needs: 'api',
    does: 'makes a charge, captured at once',
    run: async ({ api }) => ({ events: api, about: (await charge(api)).token }),
  },
  {
    type: 'charge.voided',
    needs: 'api',
    does: 'authorises a charge, then voids it',
    run: async ({ api }) => {
      const held = await charge(api, { capture: false });
      await api.call('PUT', `/1/charges/${held.token}/void`);
      return { events: api, about: held.token };
    },
  },
  {
    type: 'charge.failed',
    needs: 'api',
    does: `charges the declined test card ${declinedCard}`,
    run: async ({ api }) => {
      const answer = await api.send('POST', '/1/charges', {
        amount: 1000,
        currency: 'AUD',
        description: 'wattle trigger sample',
        email: 'trigger@example.com',
        ip_address: '203.0.113.10',
        card: sampleCard(declinedCard),
      });
      const token = (answer.body as { charge_token?: string }).charge_token;
      if (answer.status !== 400 || !token) throw new ApiError(answer.status, answer.body);
      return { events: api, about: token };
    },
  },
  {
    type: 'refund.created',
    needs: 'api',
    does: 'refunds a new charge',
    run: async ({ api }) => {
      const paid = await charge(api);
      return {
        events: api,
        about: responseOf(await api.call('POST', `/1/charges/${paid.token}/refunds`)).token,
      };
    },
  },
  {
    type: 'refund.succeeded',
    needs: 'clock',
    does: 'refunds a new charge, then moves the clock an hour (refunds settle after an hour)',
    run: async (context) => {
      const { api } = context;
      const paid = await charge(api);
      const refund = responseOf(await api.call('POST', `/1/charges/${paid.token}/refunds`));
      await clockOf(context)(3600);
      return { events: api, about: refund.token };
    },
  },
  {
    type: 'refund.failed',
    needs: 'clock',
    does: `refunds a charge on ${refundFailsCard} (its refunds fail), then moves the clock an hour`,
    run: async (context) => {
      const { api } = context;
      const paid = await charge(api, { card: sampleCard(refundFailsCard) });
      const refund = responseOf(await api.call('POST', `/1/charges/${paid.token}/refunds`));
      await clockOf(context)(3600);
      return { events: api, about: refund.token };
    },
  },
];
