import { type ApiClient, responseOf } from '../api-client.ts';
import { localOf, type Made, type Recipe, type TriggerContext } from './recipe.ts';
import { sampleBankAccount } from './samples.ts';

/** A referral by the local stack's partner; the contact email's tag picks the simulated review. */
const refer = async (context: TriggerContext, tag = '') => {
  const local = localOf(context);
  const unique = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const merchant = responseOf(
    await local.partner.call('POST', '/1/merchants', {
      contact: {
        first_name: 'Sample',
        last_name: 'Merchant',
        phone_number: '0400 000 000',
        email: `sample${unique}${tag}@shop.example`,
        password: 'correct horse battery',
      },
      entity: {
        business_registration_number: '11 222 333 444',
        full_legal_name: 'Sample Merchant Pty Ltd',
        incorporation_status: 'pty_ltd',
        registered_for_gst: true,
        address_line_1: '42 Sevenoaks St',
        address_locality: 'Lathlain',
        address_region: 'WA',
        address_postal_code: '6454',
      },
      business: {
        trading_name: 'Sample Shop',
        description: 'Samples',
        typical_product_price: 100,
        transactions_per_month: '100',
        annual_transaction_volume: '250000',
        sells_physical_goods: 'true',
        average_delivery_days: 3,
        url: 'https://shop.example',
      },
      bank_account: sampleBankAccount,
      director: { full_name: 'Sample Merchant', contact_number: '0400 000 000', date_of_birth: '1980-02-29' },
    }),
  );
  return { local, token: merchant.token as string };
};

/** The merchant's live environment, where its application's events are recorded, read by its live key. */
const liveEventsOf = async (context: TriggerContext, token: string): Promise<ApiClient> => {
  const local = localOf(context);
  const detail = responseOf(await local.partner.call('GET', `/1/merchants/${token}`));
  return local.clientFor('live', detail.api_keys.secret);
};

const approved = async (context: TriggerContext, tag: string, note: string): Promise<Made> => {
  const { local, token } = await refer(context, tag);
  await local.activateMerchant(token);
  return { events: await liveEventsOf(context, token), about: token, note };
};

/** Partner-referred merchants' applications (the merchant's live events, readable once approved). */
export const merchantRecipes: Recipe[] = [
  {
    type: 'sub_merchant_application.submitted',
    needs: 'local',
    does: 'refers a merchant with the partner key, then approves it so its live key can read its events',
    run: (context) => approved(context, '', 'in the new merchant’s live events (approved to read them)'),
  },
  {
    type: 'sub_merchant_application.activated',
    needs: 'local',
    does: 'refers a merchant with the partner key and approves it (merchants activate)',
    run: (context) => approved(context, '', 'in the new merchant’s live events'),
  },
  {
    type: 'sub_merchant_application.on_hold',
    needs: 'local',
    does: 'refers a merchant whose contact email is tagged +on_hold, then approves it to read its events',
    run: (context) =>
      approved(context, '+on_hold', 'in the new merchant’s live events (approved to read them)'),
  },
  {
    type: 'sub_merchant_application.declined',
    needs: 'local',
    does: 'refers a merchant whose contact email is tagged +declined (its live keys stay suspended)',
    run: async (context) => {
      const { local, token } = await refer(context, '+declined');
      const merchant = responseOf(await local.partner.call('GET', `/1/merchants/${token}`));
      if (merchant.status !== 'declined') throw new Error(`the merchant is ${merchant.status}, not declined`);
      return {
        events: null,
        about: token,
        note: 'the partner sees the merchant declined (GET /1/merchants/{token}); the event is recorded in the merchant’s live environment, whose keys a declined merchant never gets to use',
      };
    },
  },
];
