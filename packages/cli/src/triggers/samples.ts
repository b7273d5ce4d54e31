import { type ApiClient, responseOf } from '../api-client.ts';

/** Sample inputs of the triggers: test cards of docs/guide/test-cards.md and a test bank account. */
export const sampleCard = (number = '4200000000000000') => ({
  number,
  expiry_month: 12,
  expiry_year: new Date().getUTCFullYear() + 3,
  cvc: '123',
  name: 'Trigger Sample',
  address_line1: '42 Sevenoaks St',
  address_city: 'Lathlain',
  address_postcode: '6454',
  address_state: 'WA',
  address_country: 'Australia',
});

/** Proceeds available at capture, so a transfer can follow at once. */
export const instantProceedsCard = '4000000000000077';
export const declinedCard = '4100000000000001';
export const refundFailsCard = '4530000000000001';
/** The simulated bank returns payouts to this account (062-000 111111113) a day later. */
export const rejectedBankAccount = { name: 'Returned Sample', bsb: '062000', number: '111111113' };
export const sampleBankAccount = { name: 'Sample Payee', bsb: '062000', number: '123456789' };

export const day = 86_400;

export const charge = async (api: ApiClient, fields: Record<string, unknown> = {}) =>
  responseOf(
    await api.call('POST', '/1/charges', {
      amount: 1000,
      currency: 'AUD',
      description: 'wattle trigger sample',
      email: 'trigger@example.com',
      ip_address: '203.0.113.10',
      card: sampleCard(),
      ...fields,
    }),
  );

export const customer = async (api: ApiClient) =>
  responseOf(await api.call('POST', '/1/customers', { email: 'trigger@example.com', card: sampleCard() }));

export const recipient = async (api: ApiClient, bankAccount = sampleBankAccount) =>
  responseOf(
    await api.call('POST', '/1/recipients', {
      email: 'payee@example.com',
      name: 'Sample Payee',
      bank_account: bankAccount,
    }),
  );

/** A plan of `fields` (a new name each time: plan names are unique per account). */
export const plan = async (api: ApiClient, fields: Record<string, unknown> = {}) =>
  responseOf(
    await api.call('POST', '/1/plans', {
      name: `Trigger sample ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      amount: 1000,
      currency: 'AUD',
      interval: 1,
      interval_unit: 'month',
      ...fields,
    }),
  );

export const subscription = async (api: ApiClient, planFields: Record<string, unknown> = {}) => {
  const made = await plan(api, planFields);
  const owner = await customer(api);
  return responseOf(
    await api.call('POST', '/1/subscriptions', { plan_token: made.token, customer_token: owner.token }),
  );
};
