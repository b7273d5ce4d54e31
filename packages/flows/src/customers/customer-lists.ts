import type { Payment, Scope, Subscription } from '@wattle/domain';
import type { CustomerChargesReader, CustomersStore, Page } from '@wattle/ports';
import { loadCustomer } from './load-customer.ts';

/** GET /customers/{token}/charges: newest first, 404 for an unknown customer. */
export const listCustomerCharges = async (
  { customers, payments }: { customers: CustomersStore; payments: CustomerChargesReader },
  scope: Scope,
  customerToken: string,
  page: number,
): Promise<Page<Payment>> => {
  const { customer } = await loadCustomer({ customers }, scope, customerToken);
  return payments.listForCustomer(scope, customer.token, page);
};

/** GET /customers/{token}/subscriptions: newest first, 404 for an unknown customer. */
export const listCustomerSubscriptions = async (
  { customers }: { customers: CustomersStore },
  scope: Scope,
  customerToken: string,
  page: number,
): Promise<Page<Subscription>> => {
  const { customer } = await loadCustomer({ customers }, scope, customerToken);
  return customers.listSubscriptions(scope, customer.token, page);
};
