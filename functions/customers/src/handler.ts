import { apiHandler } from '@wattle/http';
import { createCustomerRoute } from './create-customer.ts';
import { addCustomerCardRoute, deleteCustomerCardRoute, listCustomerCardsRoute } from './customer-cards.ts';
import { listCustomerChargesRoute, listCustomerSubscriptionsRoute } from './customer-lists.ts';
import { deleteCustomerRoute } from './delete-customer.ts';
import { customersDeps } from './deps.ts';
import { getCustomerRoute, listCustomersRoute } from './read-customers.ts';
import { routes } from './routes.ts';
import { updateCustomerRoute } from './update-customer.ts';

export const handler = apiHandler('customers', routes, customersDeps, {
  'POST /1/customers': createCustomerRoute,
  'GET /1/customers': listCustomersRoute,
  'GET /1/customers/{customer_token}': getCustomerRoute,
  'PUT /1/customers/{customer_token}': updateCustomerRoute,
  'DELETE /1/customers/{customer_token}': deleteCustomerRoute,
  'GET /1/customers/{customer_token}/cards': listCustomerCardsRoute,
  'POST /1/customers/{customer_token}/cards': addCustomerCardRoute,
  'DELETE /1/customers/{customer_token}/cards/{card_token}': deleteCustomerCardRoute,
  'GET /1/customers/{customer_token}/charges': listCustomerChargesRoute,
  'GET /1/customers/{customer_token}/subscriptions': listCustomerSubscriptionsRoute,
});
