import type { Customer, Scope } from '@wattle/domain';
import type { CustomersStore, Page } from '@wattle/ports';
import { loadCustomer } from './load-customer.ts';

type Deps = { customers: CustomersStore };

/** GET /customers/{token}: the customer, or 404. */
export const getCustomer = async (deps: Deps, scope: Scope, customerToken: string): Promise<Customer> =>
  (await loadCustomer(deps, scope, customerToken)).customer;

/** GET /customers: newest first. */
export const listCustomers = ({ customers }: Deps, scope: Scope, page: number): Promise<Page<Customer>> =>
  customers.list(scope, page);
