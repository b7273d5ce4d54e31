import { randomUUID } from 'node:crypto';
import { apiRoutes, type Route } from '@wattle/routes';
import { cardFields, chargeFields, merchantApplication } from '../../helpers/fixtures.ts';
import type { InProcessApi } from '../harness/in-process-api.ts';

/**
 * Every route of Pin's API that takes a body: POST, PUT, and the JSONP GETs that stand for POSTs
 * (the processor's notifications answer in the processor's terms, not Pin's: their e2e test sends
 * them hostile bodies).
 */
export const bodyRoutes = (): Route[] =>
  apiRoutes.filter((route) => route.method === 'POST' || route.method === 'PUT' || route.jsonp);

const bankAccount = { name: 'Mr Roland Robot', bsb: '063000', number: '123456321' };

/**
 * A valid body for the routes known today, so mutations reach past the first check. A route added
 * later gets `{}` and is fuzzed with random bodies only.
 */
const validBodies: Record<string, () => Record<string, unknown>> = {
  'POST /1/cards': () => cardFields(),
  'POST /1/cards.json': () => cardFields(),
  'POST /1/payment_sources': () => ({ type: 'card', source: cardFields() }),
  'POST /1/payment_sources.json': () => ({ type: 'card', source: cardFields() }),
  'POST /1/bank_accounts': () => ({ ...bankAccount }),
  'POST /1/bank_accounts.json': () => ({ ...bankAccount }),
  'POST /1/merchants': () => merchantApplication(),
  'POST /1/recipients': () => ({ email: 'r@example.com', name: 'Roland', bank_account: { ...bankAccount } }),
  'PUT /1/recipients/{recipient_token}': () => ({ name: 'New name' }),
  'POST /1/customers': () => ({ email: 'c@example.com', card: cardFields() }),
  'PUT /1/customers/{customer_token}': () => ({ notes: 'VIP', email: 'c2@example.com' }),
  'POST /1/customers/{customer_token}/cards': () => cardFields(),
  'POST /1/webhook_endpoints': () => ({ url: 'https://example.com/hooks' }),
  'POST /1/apple_pay/domains': () => ({ domain_name: `${randomUUID()}.example.com` }),
  'POST /1/apple_pay/sessions': () => ({
    validation_url: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
    initiative: 'messaging',
    initiative_context: 'https://shop.example.com/pay',
  }),
  'POST /1/charges': () => chargeFields(),
  'POST /1/authorisations': () => chargeFields(),
  'POST /1/authorisations/{auth_token}/charges': () => ({ amount: 100 }),
  'POST /1/charges/{charge_token}/refunds': () => ({ amount: 100 }),
  'POST /1/three_d_secure/{session_token}': () => ({ result: 'authenticated' }),
  'POST /1/plans': () => ({
    name: `Plan ${randomUUID()}`,
    amount: 1000,
    interval: 1,
    interval_unit: 'month',
  }),
  'PUT /1/plans/{plan_token}': () => ({ name: `Plan ${randomUUID()}` }),
};

export const validBodyOf = (route: Route, tokens: Record<string, string>): Record<string, unknown> => {
  const key = `${route.jsonp ? 'POST' : route.method} ${route.path}`;
  if (key === 'POST /1/subscriptions' || key === 'POST /1/plans/{plan_token}/subscriptions')
    return { plan_token: tokens.plan_token, customer_token: tokens.customer_token };
  return validBodies[key]?.() ?? {};
};

const created = async (api: InProcessApi, path: string, body: unknown): Promise<string> => {
  const res = await api.call('POST', path, body);
  if (res.status >= 300 || typeof res.body?.response?.token !== 'string')
    throw new Error(`POST ${path} answered ${res.status}: ${res.text}`);
  return res.body.response.token;
};

/**
 * Real resources for the path parameters the routes name, made through the API; any parameter
 * not known here stays an unknown token, which must answer a 404 like any other.
 */
export const routeTokens = async (api: InProcessApi): Promise<Record<string, string>> => {
  const customer = await created(api, '/1/customers', { email: 'c@example.com', card: cardFields() });
  const plan = await created(api, '/1/plans', {
    name: `Plan ${randomUUID()}`,
    amount: 1000,
    interval: 1,
    interval_unit: 'month',
  });
  return {
    customer_token: customer,
    recipient_token: await created(api, '/1/recipients', {
      email: 'r@example.com',
      name: 'Roland',
      bank_account: bankAccount,
    }),
    charge_token: await created(api, '/1/charges', chargeFields({ capture: false })),
    captured_charge_token: await created(api, '/1/charges', chargeFields()),
    auth_token: await created(api, '/1/authorisations', chargeFields()),
    plan_token: plan,
    payment_source_token: await created(api, '/1/payment_sources', { type: 'card', source: cardFields() }),
    sub_token: await created(api, '/1/subscriptions', { plan_token: plan, customer_token: customer }),
  };
};

/** The route's path with its parameters filled in: refunds go to a captured charge. */
export const pathOf = (route: Route, tokens: Record<string, string>): string =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const token =
      name === 'charge_token' && route.path.endsWith('/refunds')
        ? tokens.captured_charge_token
        : tokens[name];
    return encodeURIComponent(token ?? `${name.replace(/_token$/, '')}_unknown`);
  });
