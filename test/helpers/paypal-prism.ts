import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { derivedDefinition } from './paypal-definitions.ts';
import { type Prism, startPrismOn } from './prism.ts';

/** One exchange through the router, with what Prism found wrong in the request. */
export interface PayPalExchange {
  method: string;
  path: string;
  status: number;
  /** Prism's violations of the request, or of the router's own answer against PayPal's schema; null when none. */
  violations: string | null;
  /** The request's PayPal-Request-Id and Prefer headers. */
  requestId: string | null;
  prefer: string | null;
  /** What Wattle sent, the card's number and security code left out (a failing assertion prints it). */
  sent: Record<string, unknown>;
}

export interface PayPalPrism {
  /** PayPal's REST API base URL through the router (what PAYPAL_API_URL names). */
  url: string;
  exchanges: PayPalExchange[];
  /** How many access tokens the router gave. */
  tokensIssued(): number;
  /** The next order's payment is refused with this processor response code. */
  declineNext(responseCode: string): void;
  /** Answers a request straight to Prism (no router state), for the test that proves Prism refuses. */
  prismUrlOf(definition: 'orders' | 'payments' | 'webhooks'): string;
  stop(): Promise<void>;
}

/** The client credentials the router's token endpoint takes. */
export const prismClient = { clientId: 'prism-client', clientSecret: 'prism-secret' };

/** A webhook id of the form PayPal gives (verify-webhook-signature's pattern). */
export const prismWebhookId = 'WH1PRISM0000000';

/**
 * The headers PayPal signs a webhook delivery with, as its verify-webhook-signature example gives
 * them: the router answers the check SUCCESS once Prism found the request valid.
 */
export const prismSignatureHeaders = {
  'paypal-auth-algo': 'SHA256withRSA',
  'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
  'paypal-transmission-id': '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
  'paypal-transmission-sig': 'lmI95Jx3Y9nhR5SJWlHVIWpg4AgFk7n9bCHSRxbrd8A9zrhdu2rMyFrmz+Zjh3s3boXB07VXCXUZy',
  'paypal-transmission-time': '2026-12-07T10:00:01Z',
};

type Json = Record<string, unknown>;

const newId = (): string => randomBytes(12).toString('hex').toUpperCase().slice(0, 17);
const now = (): string => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const parsed = (body: Buffer): Json => {
  try {
    return JSON.parse(body.toString('utf8')) as Json;
  } catch {
    return {};
  }
};

/** The body without the card's number and security code. */
const withoutCard = (body: Json): Json => {
  const card = (body.payment_source as { card?: Json } | undefined)?.card;
  if (!card) return body;
  const { number: _n, security_code, ...rest } = card;
  return {
    ...body,
    payment_source: { card: { ...rest, ...(security_code ? { security_code: '[sent]' } : {}) } },
  };
};

/** Prism's violations of the request (its sl-violations header, `Too many violations! [...]` included). */
const requestViolations = (status: number, header: string | null, body: string): string | null => {
  const list = header ? header.slice(header.indexOf('[')) : '[]';
  let violations: { location?: string[] }[] = [];
  try {
    violations = JSON.parse(list) as typeof violations;
  } catch {
    // A cut list: judged by the status alone.
  }
  const ofRequest = violations.filter((violation) => violation.location?.[0] === 'request');
  if (ofRequest.length > 0) return JSON.stringify(ofRequest);
  // Prism refused the request itself (401 without a bearer, 404 no such operation, 405, 422).
  if (status >= 400 && status < 500) return `Prism answered ${status}: ${body.slice(0, 500)}`;
  return null;
};

/**
 * Ajv over one derived PayPal definition: checks that the router's own answers are valid against
 * PayPal's response schemas (Prism, with --errors, refuses its own generated answers, so the router
 * answers; these checks keep its answers PayPal's shape).
 */
const answerChecker = (path: string) => {
  const document = JSON.parse(readFileSync(path, 'utf8')) as {
    paths: Record<
      string,
      Record<string, { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
    >;
  };
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  addFormats.default(ajv);
  const id = `https://paypal.local/${randomBytes(4).toString('hex')}`;
  ajv.addSchema({ ...document, $id: id } as never);
  return (template: string, method: string, status: number, answer: unknown): string | null => {
    const schema =
      document.paths[template]?.[method]?.responses[String(status)]?.content?.['application/json']?.schema;
    if (!schema) return `PayPal's definition has no ${status} answer of ${method.toUpperCase()} ${template}`;
    const validate = ajv.compile({ $ref: `${id}#${jsonPointerOf(document, schema)}` });
    return validate(answer)
      ? null
      : `The router's answer breaks PayPal's schema: ${ajv.errorsText(validate.errors)}`;
  };
};

/** The JSON pointer of `schema` in `document` (the schema object of a response, found by identity). */
const jsonPointerOf = (document: unknown, target: unknown): string => {
  const walk = (node: unknown, pointer: string): string | null => {
    if (node === target) return pointer;
    if (typeof node !== 'object' || node === null) return null;
    for (const [key, value] of Object.entries(node)) {
      const found = walk(value, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
      if (found !== null) return found;
    }
    return null;
  };
  const found = walk(document, '');
  if (found === null) throw new Error('The schema is not in the document');
  return found;
};

interface Route {
  definition: 'orders' | 'payments' | 'webhooks';
  method: string;
  pattern: RegExp;
  /** The definition's path template (for its response schema). */
  template: string;
}

const routes: Route[] = [
  {
    definition: 'orders',
    method: 'post',
    pattern: /^\/v2\/checkout\/orders$/,
    template: '/v2/checkout/orders',
  },
  {
    definition: 'orders',
    method: 'get',
    pattern: /^\/v2\/checkout\/orders\/([^/]+)$/,
    template: '/v2/checkout/orders/{id}',
  },
  {
    definition: 'orders',
    method: 'post',
    pattern: /^\/v2\/checkout\/orders\/([^/]+)\/authorize$/,
    template: '/v2/checkout/orders/{id}/authorize',
  },
  {
    definition: 'orders',
    method: 'post',
    pattern: /^\/v2\/checkout\/orders\/([^/]+)\/capture$/,
    template: '/v2/checkout/orders/{id}/capture',
  },
  {
    definition: 'payments',
    method: 'post',
    pattern: /^\/v2\/payments\/authorizations\/([^/]+)\/capture$/,
    template: '/v2/payments/authorizations/{authorization_id}/capture',
  },
  {
    definition: 'payments',
    method: 'post',
    pattern: /^\/v2\/payments\/authorizations\/([^/]+)\/void$/,
    template: '/v2/payments/authorizations/{authorization_id}/void',
  },
  {
    definition: 'payments',
    method: 'post',
    pattern: /^\/v2\/payments\/captures\/([^/]+)\/refund$/,
    template: '/v2/payments/captures/{capture_id}/refund',
  },
  {
    definition: 'webhooks',
    method: 'post',
    pattern: /^\/v1\/notifications\/verify-webhook-signature$/,
    template: '/v1/notifications/verify-webhook-signature',
  },
];

interface KeptOrder {
  order: Json;
  intent: 'CAPTURE' | 'AUTHORIZE';
  amount: Json;
  customId: string;
}

/**
 * Stoplight Prism serving PayPal's Orders v2, Payments v2 and Webhooks v1 definitions (each its own
 * Prism, `--errors`, on a derived copy whose four unicode-incompatible patterns are rewritten to the
 * same meaning: test/vendor/paypal/README.md), behind a router that serves the OAuth token endpoint
 * itself (it is in none of them), sends every other request to its Prism to be validated, and,
 * when Prism finds nothing wrong with the request, answers with a success of its own, kept
 * consistent (orders, authorizations, captures and refunds by id) and checked against PayPal's
 * response schema. Every exchange is kept with Prism's violations of the request.
 */
export const startPayPalPrism = async (): Promise<PayPalPrism> => {
  const derived = {
    orders: derivedDefinition('checkout_orders_v2.json'),
    payments: derivedDefinition('payments_payment_v2.json'),
    webhooks: derivedDefinition('notifications_webhooks_v1.json'),
  };
  const prisms = {} as Record<keyof typeof derived, Prism>;
  const checkers = {} as Record<keyof typeof derived, ReturnType<typeof answerChecker>>;
  try {
    for (const name of ['orders', 'payments', 'webhooks'] as const) {
      prisms[name] = await startPrismOn(derived[name].path, '/', derived[name].remove);
      checkers[name] = answerChecker(derived[name].path);
    }
  } catch (error) {
    await Promise.all(Object.values(prisms).map((prism) => prism.stop()));
    throw error;
  }
  const exchanges: PayPalExchange[] = [];
  const tokens = new Set<string>();
  const declines: string[] = [];
  const orders = new Map<string, KeptOrder>();
  const orderOfAuthorization = new Map<string, string>();
  const captures = new Map<string, { amount: Json; customId: string }>();
  let base = '';

  const link = (href: string, rel: string, method = 'GET') => ({ href: `${base}${href}`, rel, method });

  const processorResponse = (code: string) => ({ avs_code: 'Y', cvv_code: 'M', response_code: code });

  const paymentOf = (kept: KeptOrder, orderId: string, code: string): Json => {
    const id = newId();
    const approved = code === '0000';
    const common = {
      id,
      amount: kept.amount,
      custom_id: kept.customId,
      processor_response: processorResponse(code),
      create_time: now(),
      update_time: now(),
      supplementary_data: { related_ids: { order_id: orderId } },
    };
    if (kept.intent === 'CAPTURE') {
      if (approved) captures.set(id, { amount: kept.amount, customId: kept.customId });
      return {
        captures: [
          {
            ...common,
            status: approved ? 'COMPLETED' : 'DECLINED',
            final_capture: true,
            links: [link(`/v2/payments/captures/${id}`, 'self')],
          },
        ],
      };
    }
    orderOfAuthorization.set(id, orderId);
    return {
      authorizations: [
        {
          ...common,
          status: approved ? 'CREATED' : 'DENIED',
          expiration_time: new Date(Date.now() + 29 * 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z'),
          links: [link(`/v2/payments/authorizations/${id}`, 'self')],
        },
      ],
    };
  };

  const orderAnswer = (kept: KeptOrder): Json => ({
    ...kept.order,
    update_time: now(),
  });

  /** The router's own success answer to a request Prism found valid, and its effect. */
  const succeed = (
    route: Route,
    id: string | undefined,
    body: Json,
  ): { status: number; body: Json | null } => {
    switch (route.template) {
      case '/v2/checkout/orders': {
        const unit = (body.purchase_units as Json[])[0] as Json;
        const card = (body.payment_source as { card: Json }).card;
        const orderId = newId();
        const kept: KeptOrder = {
          intent: body.intent as KeptOrder['intent'],
          amount: unit.amount as Json,
          customId: String(unit.custom_id),
          order: {},
        };
        const verification = (card.attributes as { verification?: { method?: string } } | undefined)
          ?.verification;
        const threeDSecure = verification?.method === 'SCA_ALWAYS';
        const source = {
          card: {
            last_digits: String(card.number).slice(-4),
            brand: 'VISA',
            type: 'CREDIT',
            expiry: card.expiry,
          },
        };
        kept.order = {
          id: orderId,
          intent: kept.intent,
          create_time: now(),
          payment_source: source,
          status: threeDSecure ? 'PAYER_ACTION_REQUIRED' : 'COMPLETED',
          purchase_units: [
            {
              reference_id: 'default',
              amount: kept.amount,
              custom_id: kept.customId,
              ...(threeDSecure ? {} : { payments: paymentOf(kept, orderId, declines.shift() ?? '0000') }),
            },
          ],
          links: [
            link(`/v2/checkout/orders/${orderId}`, 'self'),
            ...(threeDSecure
              ? [
                  {
                    href: `https://www.sandbox.paypal.com/webapps/helios?action=verify&flow=3ds&cart_id=${orderId}`,
                    rel: 'payer-action',
                    method: 'GET',
                  },
                ]
              : []),
          ],
        };
        orders.set(orderId, kept);
        return { status: 201, body: orderAnswer(kept) };
      }
      case '/v2/checkout/orders/{id}': {
        const kept = id ? orders.get(id) : undefined;
        return kept ? { status: 200, body: orderAnswer(kept) } : { status: 404, body: null };
      }
      case '/v2/checkout/orders/{id}/authorize':
      case '/v2/checkout/orders/{id}/capture': {
        const kept = id ? orders.get(id) : undefined;
        if (!kept) return { status: 404, body: null };
        const unit = (kept.order.purchase_units as Json[])[0] as Json;
        unit.payments = paymentOf(kept, id as string, declines.shift() ?? '0000');
        kept.order.status = 'COMPLETED';
        kept.order.links = [link(`/v2/checkout/orders/${id}`, 'self')];
        return { status: 201, body: orderAnswer(kept) };
      }
      case '/v2/payments/authorizations/{authorization_id}/capture': {
        const orderId = id ? orderOfAuthorization.get(id) : undefined;
        const kept = orderId ? orders.get(orderId) : undefined;
        if (!kept) return { status: 404, body: null };
        const captureId = newId();
        const amount = (body.amount as Json | undefined) ?? kept.amount;
        captures.set(captureId, { amount, customId: kept.customId });
        const capture = {
          id: captureId,
          status: 'COMPLETED',
          amount,
          custom_id: kept.customId,
          final_capture: true,
          create_time: now(),
          update_time: now(),
          links: [
            link(`/v2/payments/captures/${captureId}`, 'self'),
            link(`/v2/payments/authorizations/${id}`, 'up'),
          ],
        };
        const unit = (kept.order.purchase_units as Json[])[0] as { payments: Json };
        unit.payments = { ...unit.payments, captures: [capture] };
        return { status: 201, body: capture };
      }
      case '/v2/payments/authorizations/{authorization_id}/void': {
        const orderId = id ? orderOfAuthorization.get(id) : undefined;
        const kept = orderId ? orders.get(orderId) : undefined;
        if (!kept) return { status: 404, body: null };
        return {
          status: 200,
          body: {
            id,
            status: 'VOIDED',
            amount: kept.amount,
            custom_id: kept.customId,
            create_time: now(),
            update_time: now(),
            links: [link(`/v2/payments/authorizations/${id}`, 'self')],
          },
        };
      }
      case '/v2/payments/captures/{capture_id}/refund': {
        const capture = id ? captures.get(id) : undefined;
        if (!capture) return { status: 404, body: null };
        const refundId = newId();
        return {
          status: 201,
          body: {
            id: refundId,
            status: 'COMPLETED',
            amount: (body.amount as Json | undefined) ?? capture.amount,
            ...(body.custom_id ? { custom_id: body.custom_id } : {}),
            create_time: now(),
            update_time: now(),
            links: [
              link(`/v2/payments/refunds/${refundId}`, 'self'),
              link(`/v2/payments/captures/${id}`, 'up'),
            ],
          },
        };
      }
      default:
        return { status: 200, body: { verification_status: 'SUCCESS' } };
    }
  };

  const server = createServer(async (request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const method = (request.method ?? 'GET').toLowerCase();
    const raw = await readBody(request);
    const body = parsed(raw);
    const requestId = (request.headers['paypal-request-id'] as string | undefined) ?? null;
    const prefer = (request.headers.prefer as string | undefined) ?? null;
    const keep = (status: number, violations: string | null) =>
      exchanges.push({
        method: method.toUpperCase(),
        path,
        status,
        violations,
        requestId,
        prefer,
        sent: withoutCard(body),
      });
    const answer = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(json === null ? '' : JSON.stringify(json));
    };
    if (path === '/v1/oauth2/token' && method === 'post') {
      const expected = `Basic ${Buffer.from(`${prismClient.clientId}:${prismClient.clientSecret}`).toString('base64')}`;
      const granted = raw.toString('utf8') === 'grant_type=client_credentials';
      if (request.headers.authorization !== expected || !granted) {
        keep(401, 'The token request is not a client-credentials grant with the client id and secret');
        answer(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        return;
      }
      const token = `A21AA${randomBytes(16).toString('hex')}`;
      tokens.add(token);
      keep(200, null);
      answer(200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: 32400,
        nonce: now(),
      });
      return;
    }
    const route = routes.find((candidate) => candidate.method === method && candidate.pattern.test(path));
    if (!route) {
      keep(404, `The router serves no ${method.toUpperCase()} ${path}`);
      answer(404, { name: 'RESOURCE_NOT_FOUND' });
      return;
    }
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    if (!bearer || !tokens.has(bearer)) {
      keep(401, 'No access token the router gave');
      answer(401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers.set(name, value);
    let prismAnswer: Response;
    try {
      prismAnswer = await fetch(`${prisms[route.definition].url}${path}`, {
        method: method.toUpperCase(),
        headers,
        ...(raw.length > 0 ? { body: raw } : {}),
      });
    } catch (error) {
      keep(502, `The router could not reach Prism: ${String(error)}`);
      answer(502, null);
      return;
    }
    const prismBody = await prismAnswer.text();
    const refused = requestViolations(
      prismAnswer.status,
      prismAnswer.headers.get('sl-violations'),
      prismBody,
    );
    if (refused) {
      keep(prismAnswer.status, refused);
      response.writeHead(prismAnswer.status, { 'content-type': 'application/json' });
      response.end(prismBody);
      return;
    }
    const id = route.pattern.exec(path)?.[1];
    const own = succeed(route, id ? decodeURIComponent(id) : undefined, body);
    const wrong =
      own.body === null
        ? null
        : checkers[route.definition](route.template, route.method, own.status, own.body);
    keep(own.status, wrong);
    answer(own.status, own.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    exchanges,
    tokensIssued: () => tokens.size,
    declineNext: (code) => {
      declines.push(code);
    },
    prismUrlOf: (definition) => prisms[definition].url,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all(Object.values(prisms).map((prism) => prism.stop()));
    },
  };
};
