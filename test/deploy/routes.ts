import { routeKey, routes } from '@wattle/routes';
import { cardFields, chargeFields, merchantApplication } from '../helpers/fixtures.ts';
import { type Api, type ApiResponse, api, request } from '../helpers/stack.ts';
import { createAccount } from './accounts.ts';
import type { RehearsalContext } from './context.ts';
import type { Invocation } from './gateway.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely, as the e2e tests read them
type Body = any;

/**
 * Sends a request of the walk and gives its answer's `response`. A failed request is reported by
 * routeCoverage (from what the gateway saw); its answer is printed here to say why. An answer the
 * OpenAPI document does not allow is a failure of its own.
 */
const sender =
  (context: RehearsalContext) =>
  async (request: Promise<ApiResponse>): Promise<Body> => {
    try {
      const answer = await request;
      if (answer.status >= 400) console.log(`       answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      return answer.body?.response ?? {};
    } catch (error) {
      context.report(false, String(error));
      return {};
    }
  };

/**
 * A merchant's walk through the API as a client library makes it, in an order where each request
 * has what it needs: one realistic request per route of the route table at least, each expected
 * to succeed (answers are also checked against the OpenAPI document). What the walk could not do
 * is reported by `routeCoverage`, from what the gateway saw.
 */
export const exerciseRoutes = async (context: RehearsalContext): Promise<Record<string, string>> => {
  const { gateway } = context;
  const merchant = await createAccount(context, 'Rehearsal Shop');
  const partner = await createAccount(context, 'Rehearsal Agency', true);
  const shop = api(gateway.baseUrl, merchant.test!.secretKey);
  const publishable = merchant.test!.publishableKey;
  const anonymous = api(gateway.baseUrl, null);
  const agency = api(gateway.baseUrl, partner.partnerKey!);
  const made: Record<string, string> = {};

  const send = sender(context);
  const jsonp = async (client: Api, path: string, query: Record<string, string>): Promise<void> => {
    const answer = await client.get(`${path}?${new URLSearchParams({ callback: 'cb', ...query })}`);
    const ok = /^\/\*\*\/ ?cb\(\{"response"|^cb\(\{"response"/.test(answer.text.trim());
    if (!ok) context.report(false, `GET ${path} (JSONP) answered ${answer.text.slice(0, 200)}`);
  };
  const cardQuery = { _method: 'POST', publishable_api_key: publishable, ...cardFields() };

  // Cards, payment sources, bank accounts: tokens made with the publishable key too.
  await send(shop.post('/1/cards', cardFields()));
  await send(anonymous.post('/1/cards.json', { ...cardFields(), publishable_api_key: publishable }));
  await jsonp(anonymous, '/1/cards.json', cardQuery);
  await jsonp(anonymous, '/1/cards', cardQuery);
  const paymentSource = await send(shop.post('/1/payment_sources', { type: 'card', source: cardFields() }));
  await send(
    anonymous.post('/1/payment_sources.json', {
      type: 'card',
      source: cardFields(),
      publishable_api_key: publishable,
    }),
  );
  const sourceQuery = Object.fromEntries(Object.entries(cardFields()).map(([k, v]) => [`source[${k}]`, v]));
  const sourceJsonp = { _method: 'POST', publishable_api_key: publishable, type: 'card', ...sourceQuery };
  await jsonp(anonymous, '/1/payment_sources.json', sourceJsonp);
  await jsonp(anonymous, '/1/payment_sources', sourceJsonp);
  await send(shop.get(`/1/payment_sources/${paymentSource.token}`));
  const bankAccount = { name: 'Mr Roland Robot', bsb: '063000', number: '123456321' };
  const bankAccountToken = (await send(shop.post('/1/bank_accounts', bankAccount))).token;
  await send(anonymous.post('/1/bank_accounts.json', { ...bankAccount, publishable_api_key: publishable }));
  const bankQuery = { _method: 'POST', publishable_api_key: publishable, ...bankAccount };
  await jsonp(anonymous, '/1/bank_accounts.json', bankQuery);
  await jsonp(anonymous, '/1/bank_accounts', bankQuery);

  // Webhook endpoints first, so the charges' events have somewhere to go.
  const endpoint = await send(shop.post('/1/webhook_endpoints', { url: 'https://shop.example/pin-hooks' }));
  await send(shop.get('/1/webhook_endpoints'));
  await send(shop.get(`/1/webhook_endpoints/${endpoint.token}`));

  // Charges: one whose proceeds are available at once (for the transfer), one to capture, one to void.
  const paid = await send(
    shop.post('/1/charges', chargeFields({ amount: 5000, card: cardFields({ number: '4000000000000077' }) })),
  );
  made.charge = paid.token;
  const held = await send(shop.post('/1/charges', chargeFields({ capture: false })));
  await send(shop.put(`/1/charges/${held.token}/capture`, {}));
  const voided = await send(shop.post('/1/charges', chargeFields({ capture: false })));
  await send(shop.put(`/1/charges/${voided.token}/void`, {}));
  await send(shop.get('/1/charges'));
  await send(shop.get('/1/charges/search?query=Birthday'));
  await send(shop.get(`/1/charges/${paid.token}`));
  // Two charges on a dispute test card: the scheduler opens their disputes (background.ts).
  const disputed = [];
  for (const amount of [400, 600])
    disputed.push(
      (
        await send(
          shop.post('/1/charges', chargeFields({ amount, card: cardFields({ number: '4000000000000259' }) })),
        )
      ).token,
    );
  made.disputedCharges = disputed.join(',');

  // 3-D Secure (live, on Adyen: the rehearsal's stand-in of Adyen's Checkout API, whose issuer
  // page the payer passes): Wattle's page sends the payer on to the processor's page, which sends
  // them back with its result; the payer's browser returns it by POST, and the charge is completed.
  const live = api(gateway.baseUrl.replace(/\/test$/, '/live'), merchant.live!.secretKey);
  const secure = await send(
    live.post(
      '/1/charges',
      chargeFields({ three_d_secure: { enabled: true, callback_url: 'https://shop.example/back?order=1' } }),
    ),
  );
  // Links are built on the stage's public base URL (a stand-in address in moto): the same path,
  // through the rehearsal's gateway.
  const onGateway = (link: string): string => {
    const url = new URL(link);
    return `${new URL(gateway.baseUrl).origin}${url.pathname}${url.search}`;
  };
  const wattlePage = await fetch(
    onGateway(String(secure.redirect_url ?? `${gateway.baseUrl}/1/three_d_secure/missing`)),
    { redirect: 'manual' },
  );
  const processorPage = await fetch(wattlePage.headers.get('location') ?? 'http://127.0.0.1:9/', {
    redirect: 'manual',
  });
  const back = new URL(processorPage.headers.get('location') ?? 'https://x/');
  const answered = await fetch(onGateway(`${back.origin}${back.pathname}`), {
    method: 'POST',
    body: new URLSearchParams(back.searchParams),
    redirect: 'manual',
  });
  const session = new URL(answered.headers.get('location') ?? 'https://x/').searchParams.get('session_token');
  await send(live.get(`/1/charges/verify?session_token=${session}`));

  // Authorisations.
  const authorisation = await send(shop.post('/1/authorisations', chargeFields({ amount: 10000 })));
  await send(shop.post(`/1/authorisations/${authorisation.token}/charges`, { amount: 8000 }));
  const released = await send(shop.post('/1/authorisations', chargeFields()));
  await send(shop.put(`/1/authorisations/${released.token}/void`, {}));
  await send(shop.get('/1/authorisations'));
  await send(shop.get(`/1/authorisations/${authorisation.token}`));

  // Refunds.
  const refund = await send(shop.post(`/1/charges/${held.token}/refunds`, { amount: 100 }));
  await send(shop.get(`/1/charges/${held.token}/refunds`));
  await send(shop.get('/1/refunds'));
  await send(shop.get(`/1/refunds/${refund.token}`));

  // Customers and their cards.
  const customer = await send(
    shop.post('/1/customers', {
      email: 'roland@example.com',
      card: cardFields({ number: '4200000000000000' }),
    }),
  );
  await send(shop.get('/1/customers'));
  await send(shop.get(`/1/customers/${customer.token}`));
  await send(shop.put(`/1/customers/${customer.token}`, { notes: 'VIP' }));
  const extraCard = await send(shop.post('/1/cards', cardFields()));
  await send(shop.post(`/1/customers/${customer.token}/cards`, { card_token: extraCard.token }));
  await send(shop.get(`/1/customers/${customer.token}/cards`));
  await send(shop.del(`/1/customers/${customer.token}/cards/${extraCard.token}`));
  await send(
    shop.post('/1/charges', chargeFields({ card: undefined, customer_token: customer.token, amount: 700 })),
  );
  await send(shop.get(`/1/customers/${customer.token}/charges`));

  // Plans and subscriptions (the customer's primary card is billed at once).
  const plan = await send(
    shop.post('/1/plans', {
      name: 'Coffee Club',
      amount: 1000,
      interval: 1,
      interval_unit: 'month',
      customer_permissions: ['cancel'],
    }),
  );
  await send(shop.get('/1/plans'));
  await send(shop.get(`/1/plans/${plan.token}`));
  await send(shop.put(`/1/plans/${plan.token}`, { name: 'Coffee Club Plus' }));
  const subscription = await send(
    shop.post('/1/subscriptions', { plan_token: plan.token, customer_token: customer.token }),
  );
  await send(shop.get('/1/subscriptions'));
  await send(shop.get(`/1/subscriptions/${subscription.token}`));
  await send(shop.put(`/1/subscriptions/${subscription.token}`, { card_token: customer.card?.token }));
  await send(shop.get(`/1/subscriptions/${subscription.token}/ledger`));
  await send(shop.get(`/1/customers/${customer.token}/subscriptions`));
  await send(shop.get(`/1/plans/${plan.token}/subscriptions`));
  const link = await send(shop.post(`/1/subscriptions/${subscription.token}/self_service_link`));
  const linkToken = new URL(String(link.url ?? 'https://x/')).searchParams.get('link') ?? 'missing';
  await send(
    anonymous.get(`/1/subscription_self_service?link=${linkToken}`, { headers: { accept: 'text/html' } }),
  );
  await send(shop.del(`/1/subscriptions/${subscription.token}`));
  await send(shop.put(`/1/subscriptions/${subscription.token}/reactivate`, {}));
  // A reactivation ends the links issued before it: the customer cancels through a new one.
  const newLink = await send(shop.post(`/1/subscriptions/${subscription.token}/self_service_link`));
  const newLinkToken = new URL(String(newLink.url ?? 'https://x/')).searchParams.get('link') ?? 'missing';
  await send(
    anonymous.post('/1/subscription_self_service', { link: newLinkToken, action: 'cancel' }, { form: true }),
  );
  const second = await send(
    shop.post(`/1/plans/${plan.token}/subscriptions`, { customer_token: customer.token }),
  );
  await send(shop.del(`/1/customers/${customer.token}/subscriptions/${second.token}`));

  // Recipients and transfers (paid from the first charge's proceeds).
  const recipient = await send(
    shop.post('/1/recipients', { email: 'roland@example.com', name: 'Roland', bank_account: bankAccount }),
  );
  await send(shop.get('/1/recipients'));
  await send(shop.get(`/1/recipients/${recipient.token}`));
  await send(
    shop.put(`/1/recipients/${recipient.token}`, { name: 'Roland R', bank_account_token: bankAccountToken }),
  );
  const transfer = await send(
    shop.post('/1/transfers', {
      description: 'Weekly payout',
      amount: 500,
      currency: 'AUD',
      recipient: recipient.token,
    }),
  );
  await send(shop.get('/1/transfers'));
  await send(shop.get('/1/transfers/search?query=payout'));
  await send(shop.get(`/1/transfers/${transfer.token}`));
  await send(shop.get(`/1/transfers/${transfer.token}/line_items`));
  await send(shop.get(`/1/recipients/${recipient.token}/transfers`));
  await send(shop.get('/1/balance'));
  await send(shop.get('/1/deposits'));

  // Files (S3: the bytes put, a presigned URL made, deleted).
  const upload = await fetch(`${gateway.baseUrl}/1/files`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${merchant.test!.secretKey}:`).toString('base64')}` },
    body: filesForm(),
  });
  const file = ((await upload.json()) as Body).response ?? {};
  await send(shop.get(`/1/files/${file.token}`));
  made.file = file.token;

  // Apple Pay.
  const domain = await send(shop.post('/1/apple_pay/domains', { domain_name: 'shop.example.com' }));
  await send(shop.get('/1/apple_pay/domains'));
  await send(shop.get('/1/apple_pay/host_check?domain_name=shop.example.com'));
  await send(
    shop.post('/1/apple_pay/sessions', {
      initiative: 'web',
      initiative_context: 'shop.example.com',
      validation_url: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
    }),
  );
  await send(shop.del(`/1/apple_pay/domains/${domain.token}`));

  // Merchants, through the partner.
  const referred = await send(agency.post('/1/merchants', merchantApplication()));
  await send(agency.get('/1/merchants'));
  await send(agency.get('/1/merchants/default_settings'));
  await send(agency.get(`/1/merchants/${referred.token}`));

  // Events and webhooks (the webhooks exist once the delivery function has fanned the events out).
  const events = await send(shop.get('/1/events'));
  await send(shop.get(`/1/events/${events[0]?.token}`));

  // What is deleted last.
  await send(shop.del(`/1/recipients/${recipient.token}`));
  const gone = await send(
    shop.post('/1/plans', { name: 'Tea Club', amount: 500, interval: 1, interval_unit: 'month' }),
  );
  await send(shop.del(`/1/plans/${gone.token}`));
  made.customer = customer.token;
  made.endpoint = endpoint.token;
  made.key = merchant.test!.secretKey;
  made.accountId = merchant.accountId;
  return made;
};

/**
 * The routes that need the background functions first: webhooks (made by the delivery function),
 * the dispute (opened by the scheduler), then what is deleted last.
 */
export const exerciseLaterRoutes = async (
  context: RehearsalContext,
  made: Record<string, string>,
): Promise<void> => {
  const shop = api(context.gateway.baseUrl, made.key!);
  const send = sender(context);
  const webhooks = await send(shop.get('/1/webhooks'));
  await send(shop.get(`/1/webhooks/${webhooks[0]?.token}`));
  await send(shop.put(`/1/webhooks/${webhooks[0]?.token}/replay`, {}));

  const disputes = await send(shop.get('/1/disputes'));
  const [dispute, conceded] = [disputes[0]?.token, disputes[1]?.token];
  await request('HEAD', `${context.gateway.baseUrl}/1/disputes`, undefined, {}, made.key);
  await send(shop.get('/1/disputes/search?query=Birthday'));
  await send(shop.get(`/1/disputes/${dispute}`));
  await send(shop.get(`/1/disputes/${dispute}/activity`));
  await send(shop.put(`/1/disputes/${dispute}/evidence`, { invoice_or_receipt: `Receipt: ${made.file}` }));
  await send(shop.get(`/1/disputes/${dispute}/evidence`));
  await send(shop.post(`/1/disputes/${dispute}/evidence`));
  await send(shop.post(`/1/disputes/${conceded}/accept`));

  await shop.get('/1/deposits/dpo_rehearsal0000000000000'); // 404 expected: see expectedRefusals
  await send(shop.del(`/1/webhook_endpoints/${made.endpoint}`));
  await send(shop.del(`/1/customers/${made.customer}`));
  const spare = await fetch(`${context.gateway.baseUrl}/1/files`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${made.key}:`).toString('base64')}` },
    body: filesForm(),
  });
  await send(shop.del(`/1/files/${((await spare.json()) as Body).response?.token}`));
};

/**
 * Routes whose success needs time the rehearsal does not wait for, with the answer that still
 * proves the function ran its reads under its role.
 */
const expectedRefusals: Record<string, { status: number; why: string }> = {
  'GET /1/deposits/{deposit_token}': { status: 404, why: 'no deposit exists before a day has passed' },
};

/** POST /1/files as a browser sends it: a PDF in a multipart form. */
const filesForm = (): FormData => {
  const form = new FormData();
  form.set('purpose', 'dispute_evidence');
  form.set(
    'file',
    new Blob([Buffer.from('%PDF-1.4 rehearsal receipt\n')], { type: 'application/pdf' }),
    'receipt.pdf',
  );
  return form;
};

/** Each route of the table with the statuses its requests got: each must have one, all below 400. */
export const routeCoverage = (invocations: Invocation[]): { ok: boolean; text: string }[] => {
  const answered = new Map<string, number[]>();
  for (const invocation of invocations)
    answered.set(invocation.routeKey, [...(answered.get(invocation.routeKey) ?? []), invocation.status]);
  return routes.map((route) => {
    const key = routeKey(route);
    const statuses = answered.get(key) ?? [];
    const expected = expectedRefusals[key];
    const ok = statuses.length > 0 && statuses.every((status) => status < 400 || status === expected?.status);
    const why = expected && statuses.includes(expected.status) ? ` (${expected.why})` : '';
    return {
      ok,
      text: `${key} (${route.fn}) ${statuses.length ? statuses.join(', ') : 'not requested'}${why}`,
    };
  });
};
