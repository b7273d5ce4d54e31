import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A stateful stand-in for the few PayPal REST endpoints Wattle calls (a node:http server), for what
 * Prism cannot do: remember orders, answer a repeated PayPal-Request-Id with the first answer, hand
 * out access tokens that expire or are revoked, time out or drop the connection after making the
 * payment, and sign webhook deliveries that its verify-webhook-signature checks.
 */

/** An answer given instead of the default one: a status and body, or none at all. */
export type FakeAnswer =
  | { status: number; body: unknown }
  /** The request is taken (and its effect made) but never answered: a timeout. */
  | { hang: true }
  /** The connection is dropped once the effect is made: no answer. */
  | { reset: true }
  /** The effect is made at once, its answer given `delayMs` later: PayPal slow to answer. */
  | { delayMs: number };

export type FakeOperation =
  | 'token'
  | 'orders'
  | 'order'
  | 'complete'
  | 'capture'
  | 'void'
  | 'refund'
  | 'verify';

export interface RecordedRequest {
  operation: FakeOperation;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

export interface SignedDelivery {
  headers: Record<string, string>;
  body: string;
}

export interface PayPalFake {
  /** The REST API's base URL (what PAYPAL_API_URL names). */
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  requests: RecordedRequest[];
  /** How many orders were made for our reference (more than one is a double charge). */
  madeFor(customId: string): number;
  /** How many captures and refunds were made (a second for one token is money moved twice). */
  captures(): number;
  refunds(): number;
  /** How many access tokens were given. */
  tokensIssued(): number;
  /** Tokens given from now on last this many seconds (PayPal's default: 32400). */
  tokenLifetime(seconds: number): void;
  /** Every token given so far is refused from now on (401 invalid_token), as PayPal does a revoked one. */
  revokeTokens(): void;
  /** Answers the operation's next calls with these, in order, then with the default again. */
  answerNext(operation: FakeOperation, ...answers: FakeAnswer[]): void;
  /** A delivery of `event` as PayPal sends it, signed for this fake's webhook (or with `key`). */
  signedDelivery(event: Record<string, unknown>, key?: string): SignedDelivery;
  close(): Promise<void>;
}

const newId = (): string => randomBytes(12).toString('hex').toUpperCase().slice(0, 17);

const routes: Array<[RegExp, string, FakeOperation]> = [
  [/^\/v1\/oauth2\/token$/, 'POST', 'token'],
  [/^\/v2\/checkout\/orders$/, 'POST', 'orders'],
  [/^\/v2\/checkout\/orders\/([^/]+)$/, 'GET', 'order'],
  [/^\/v2\/checkout\/orders\/([^/]+)\/(?:authorize|capture)$/, 'POST', 'complete'],
  [/^\/v2\/payments\/authorizations\/([^/]+)\/capture$/, 'POST', 'capture'],
  [/^\/v2\/payments\/authorizations\/([^/]+)\/void$/, 'POST', 'void'],
  [/^\/v2\/payments\/captures\/([^/]+)\/refund$/, 'POST', 'refund'],
  [/^\/v1\/notifications\/verify-webhook-signature$/, 'POST', 'verify'],
];

const readText = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const jsonOf = (text: string): Record<string, unknown> => {
  try {
    return JSON.parse(text || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
};

/** What the fake signs: the transmission, the webhook, and the event's bytes (PayPal's CRC32 stands in as a SHA-256 here). */
const signatureOf = (key: string, id: string, time: string, webhookId: string, event: string): string =>
  createHmac('sha256', key).update(`${id}|${time}|${webhookId}|${event}`).digest('base64');

interface Order {
  id: string;
  intent: string;
  customId: string;
  amount: { currency_code: string; value: string };
  status: string;
  authorizationId?: string;
  captureId?: string;
  threeDSecure: boolean;
}

export const startPayPalFake = async (): Promise<PayPalFake> => {
  const clientId = 'fake-client';
  const clientSecret = 'fake-secret';
  const webhookId = 'WH1FAKE00000000';
  const signingKey = randomBytes(32).toString('hex');
  const requests: RecordedRequest[] = [];
  const made = new Map<string, number>();
  const orders = new Map<string, Order>();
  const byAuthorization = new Map<string, Order>();
  const byCapture = new Map<string, Order>();
  const scripted = new Map<FakeOperation, FakeAnswer[]>();
  const byKey = new Map<string, { status: number; body: unknown }>();
  const tokens = new Map<string, number>();
  const sockets = new Set<Socket>();
  let lifetime = 32_400;
  let captureCount = 0;
  let refundCount = 0;
  let url = '';

  const orderBody = (order: Order) => {
    const payments = order.captureId
      ? {
          captures: [
            {
              id: order.captureId,
              status: 'COMPLETED',
              amount: order.amount,
              custom_id: order.customId,
              processor_response: { response_code: '0000' },
            },
          ],
        }
      : order.authorizationId
        ? {
            authorizations: [
              {
                id: order.authorizationId,
                status: 'CREATED',
                amount: order.amount,
                custom_id: order.customId,
                processor_response: { response_code: '0000' },
              },
            ],
          }
        : undefined;
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      purchase_units: [
        { custom_id: order.customId, amount: order.amount, ...(payments ? { payments } : {}) },
      ],
      links:
        order.status === 'PAYER_ACTION_REQUIRED'
          ? [{ href: `${url}/payer-action/${order.id}`, rel: 'payer-action', method: 'GET' }]
          : [],
    };
  };

  const pay = (order: Order) => {
    order.status = 'COMPLETED';
    if (order.intent === 'CAPTURE') {
      order.captureId = newId();
      captureCount += 1;
      byCapture.set(order.captureId, order);
    } else {
      order.authorizationId = newId();
      byAuthorization.set(order.authorizationId, order);
    }
  };

  const notFound = {
    status: 404,
    body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] },
  };

  /** The default answer, with its effect on the fake's state. */
  const effect = (
    operation: FakeOperation,
    id: string | undefined,
    text: string,
    body: Record<string, unknown>,
  ) => {
    switch (operation) {
      case 'token': {
        const token = `A21${randomBytes(16).toString('hex')}`;
        tokens.set(token, Date.now() + lifetime * 1000);
        return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: lifetime } };
      }
      case 'orders': {
        const unit = (body.purchase_units as Record<string, unknown>[])[0] as Record<string, unknown>;
        const card = (body.payment_source as { card: Record<string, unknown> }).card;
        const verification = (card.attributes as { verification?: { method?: string } } | undefined)
          ?.verification;
        const order: Order = {
          id: newId(),
          intent: String(body.intent),
          customId: String(unit.custom_id),
          amount: unit.amount as Order['amount'],
          status: 'CREATED',
          threeDSecure: verification?.method === 'SCA_ALWAYS',
        };
        orders.set(order.id, order);
        made.set(order.customId, (made.get(order.customId) ?? 0) + 1);
        if (order.threeDSecure) order.status = 'PAYER_ACTION_REQUIRED';
        else pay(order);
        return { status: 201, body: orderBody(order) };
      }
      case 'order': {
        const order = id ? orders.get(id) : undefined;
        return order ? { status: 200, body: orderBody(order) } : notFound;
      }
      case 'complete': {
        const order = id ? orders.get(id) : undefined;
        if (!order) return notFound;
        if (order.status !== 'PAYER_ACTION_REQUIRED')
          return {
            status: 422,
            body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_COMPLETED' }] },
          };
        pay(order);
        return { status: 201, body: orderBody(order) };
      }
      case 'capture': {
        const order = id ? byAuthorization.get(id) : undefined;
        if (!order) return notFound;
        if (order.status === 'VOIDED')
          return {
            status: 422,
            body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'AUTHORIZATION_VOIDED' }] },
          };
        if (order.captureId)
          return {
            status: 422,
            body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'AUTHORIZATION_ALREADY_CAPTURED' }] },
          };
        order.captureId = newId();
        captureCount += 1;
        byCapture.set(order.captureId, order);
        return {
          status: 201,
          body: { id: order.captureId, status: 'COMPLETED', amount: body.amount, custom_id: body.custom_id },
        };
      }
      case 'void': {
        const order = id ? byAuthorization.get(id) : undefined;
        if (!order) return notFound;
        if (order.status === 'VOIDED')
          return {
            status: 422,
            body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'PREVIOUSLY_VOIDED' }] },
          };
        order.status = 'VOIDED';
        return { status: 200, body: { id, status: 'VOIDED' } };
      }
      case 'refund': {
        if (!id || !byCapture.has(id)) return notFound;
        refundCount += 1;
        return {
          status: 201,
          body: { id: newId(), status: 'COMPLETED', amount: body.amount, custom_id: body.custom_id },
        };
      }
      case 'verify': {
        // The event as it was sent, from the request's text: what PayPal's check covers.
        const event = /"webhook_event":(.*)}$/s.exec(text)?.[1] ?? '';
        const holds =
          body.webhook_id === webhookId &&
          body.transmission_sig ===
            signatureOf(
              signingKey,
              String(body.transmission_id),
              String(body.transmission_time),
              webhookId,
              event,
            );
        return { status: 200, body: { verification_status: holds ? 'SUCCESS' : 'FAILURE' } };
      }
    }
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const route = routes.find(([pattern, method]) => pattern.test(path) && request.method === method);
    if (!route) {
      response.writeHead(404).end();
      return;
    }
    const [pattern, , operation] = route;
    const id = pattern.exec(path)?.[1];
    const text = await readText(request);
    const body = operation === 'token' ? {} : jsonOf(text);
    requests.push({ operation, path, headers: request.headers, body });
    if (operation === 'token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (request.headers.authorization !== expected) {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ error: 'invalid_client', error_description: 'Client Authentication failed' }),
        );
        return;
      }
    } else {
      const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
      const until = bearer ? tokens.get(bearer) : undefined;
      if (!until || until < Date.now()) {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ error: 'invalid_token', error_description: 'Access Token not found in cache' }),
        );
        return;
      }
    }
    const key = request.headers['paypal-request-id'];
    const requestKey = typeof key === 'string' ? `${operation}:${key}` : undefined;
    const remembered = requestKey ? byKey.get(requestKey) : undefined;
    const scriptedAnswer = remembered ? undefined : scripted.get(operation)?.shift();
    let answer: { status: number; body: unknown };
    if (remembered) answer = remembered;
    else if (scriptedAnswer && 'status' in scriptedAnswer) answer = scriptedAnswer;
    else {
      // Hung or reset calls made their effect first, as a request that reached PayPal does.
      answer = effect(operation, id ? decodeURIComponent(id) : undefined, text, body);
      // PayPal answers a repeated PayPal-Request-Id with the first answer; a 5xx is not kept.
      if (requestKey && answer.status < 500) byKey.set(requestKey, answer);
    }
    if (scriptedAnswer && 'hang' in scriptedAnswer) return;
    if (scriptedAnswer && 'reset' in scriptedAnswer) {
      request.socket.destroy();
      return;
    }
    if (scriptedAnswer && 'delayMs' in scriptedAnswer)
      await new Promise((resolve) => setTimeout(resolve, scriptedAnswer.delayMs));
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    clientId,
    clientSecret,
    webhookId,
    requests,
    madeFor: (customId) => made.get(customId) ?? 0,
    captures: () => captureCount,
    refunds: () => refundCount,
    tokensIssued: () => requests.filter(({ operation }) => operation === 'token').length,
    tokenLifetime: (seconds) => {
      lifetime = seconds;
    },
    revokeTokens: () => {
      tokens.clear();
    },
    answerNext: (operation, ...answers) => {
      scripted.set(operation, [...(scripted.get(operation) ?? []), ...answers]);
    },
    signedDelivery: (event, key = signingKey) => {
      const body = JSON.stringify(event);
      const transmissionId = randomBytes(8).toString('hex');
      const time = new Date().toISOString();
      return {
        body,
        headers: {
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-FAKE',
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': signatureOf(key, transmissionId, time, webhookId, body),
          'paypal-transmission-time': time,
        },
      };
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
