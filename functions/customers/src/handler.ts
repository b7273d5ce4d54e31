import { apiHandler } from '@wattle/http';
import { createCustomer } from './create-customer.ts';
import { addCustomerCard, deleteCustomerCard, listCustomerCards } from './customer-cards.ts';
import { listCustomerCharges, listCustomerSubscriptions } from './customer-lists.ts';
import { deleteCustomer } from './delete-customer.ts';
import { getCustomer, listCustomers } from './read-customers.ts';
import { updateCustomer } from './update-customer.ts';

export const handler = apiHandler('customers', {
  'POST /1/customers': createCustomer,
  'GET /1/customers': listCustomers,
  'GET /1/customers/{customer_token}': getCustomer,
  'PUT /1/customers/{customer_token}': updateCustomer,
  'DELETE /1/customers/{customer_token}': deleteCustomer,
  'GET /1/customers/{customer_token}/cards': listCustomerCards,
  'POST /1/customers/{customer_token}/cards': addCustomerCard,
  'DELETE /1/customers/{customer_token}/cards/{card_token}': deleteCustomerCard,
  'GET /1/customers/{customer_token}/charges': listCustomerCharges,
  'GET /1/customers/{customer_token}/subscriptions': listCustomerSubscriptions,
});
