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

/** The partner's live events, where its referrals' application events are recorded too. */
const partnerEvents = (context: TriggerContext): ApiClient => {
  const local = localOf(context);
  return local.clientFor('live', local.partner.key);
};

const referred = async (context: TriggerContext, tag: string, approve: boolean): Promise<Made> => {
  const { local, token } = await refer(context, tag);
  if (approve) await local.activateMerchant(token);
  return { events: partnerEvents(context), about: token, note: 'in the partner’s live events' };
};

/** Partner-referred merchants' applications (in the merchant's and the partner's live events). */
export const merchantRecipes: Recipe[] = [
  {
    type: 'sub_merchant_application.submitted',
    needs: 'local',
    does: 'refers a merchant with the partner key',
    run: (context) => referred(context, '', false),
  },
  {
    type: 'sub_merchant_application.activated',
    needs: 'local',
    does: 'refers a merchant with the partner key and approves it (merchants activate)',
    run: (context) => referred(context, '', true),
  },
  {
    type: 'sub_merchant_application.on_hold',
    needs: 'local',
    does: 'refers a merchant whose contact email is tagged +on_hold',
    run: (context) => referred(context, '+on_hold', false),
  },
  {
    type: 'sub_merchant_application.declined',
    needs: 'local',
    does: 'refers a merchant whose contact email is tagged +declined',
    run: (context) => referred(context, '+declined', false),
  },
];
