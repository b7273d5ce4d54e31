import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import adyen from '@adyen/api-library';
import { processorReferenceOf, type Scope } from '@wattle/domain';

/**
 * A stateful stand-in for the few Adyen Checkout endpoints Wattle calls (a node:http server), for
 * what Prism cannot do: remember payments, answer a repeated Idempotency-Key with the first
 * answer, time out or fail after making the payment, and sign notifications as Adyen does.
 */

/** An answer given instead of the default one: a status and body, or none at all. */
export type FakeAnswer =
  | { status: number; body: unknown }
  /** The request is taken (and its effect made) but never answered: a timeout. */
  | { hang: true }
  /** The connection is dropped once the effect is made: no answer. */
  | { reset: true }
  /** The effect is made at once, its answer given `delayMs` later: Adyen slow to answer. */
  | { delayMs: number };

export type FakeOperation =
  | 'payments'
  | 'details'
  | 'captures'
  | 'cancels'
  | 'refunds'
  | 'cancels-by-reference';

export interface RecordedRequest {
  operation: FakeOperation;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

export interface FakePayment {
  reference: string;
  pspReference: string;
  amount: { value: number; currency: string };
  state: 'authorised' | 'refused' | 'redirected' | 'captured' | 'cancelled';
  manualCapture: boolean;
}

export interface NotificationFields {
  eventCode: string;
  pspReference: string;
  merchantReference: string;
  amount: { value: number; currency: string };
  success?: boolean;
  originalReference?: string;
  reason?: string;
  merchantAccountCode?: string;
  eventDate?: string;
}

/** Builds notifications as Adyen sends them, signed with the account's HMAC key (no server needed). */
export interface AdyenNotifications {
  /** A notification item signed with `key` (the account's by default), as Adyen wraps it. */
  notificationItem(
    fields: NotificationFields,
    key?: string,
  ): { NotificationRequestItem: Record<string, unknown> };
  /** A delivery's body: the items with the `live` flag. */
  deliveryBody(items: { NotificationRequestItem: Record<string, unknown> }[], live?: boolean): string;
}

const validator = new adyen.hmacValidator();

export const adyenNotifications = ({
  hmacKey,
  merchantAccount,
}: {
  hmacKey: string;
  merchantAccount: string;
}): AdyenNotifications => ({
  notificationItem: (fields, key = hmacKey) => {
    const item: Record<string, unknown> = {
      amount: fields.amount,
      eventCode: fields.eventCode,
      eventDate: fields.eventDate ?? '2026-11-27T10:00:00+01:00',
      merchantAccountCode: fields.merchantAccountCode ?? merchantAccount,
      merchantReference: fields.merchantReference,
      pspReference: fields.pspReference,
      success: String(fields.success ?? true),
      ...(fields.originalReference ? { originalReference: fields.originalReference } : {}),
      ...(fields.reason ? { reason: fields.reason } : {}),
    };
    const hmacSignature = validator.calculateHmac(item as never, key);
    return { NotificationRequestItem: { ...item, additionalData: { hmacSignature } } };
  },
  deliveryBody: (items, live = false) => JSON.stringify({ live: String(live), notificationItems: items }),
});

export interface AdyenFake extends AdyenNotifications {
  /** The Checkout API's base URL, version path included (what ADYEN_CHECKOUT_URL names). */
  url: string;
  merchantAccount: string;
  /** The hex HMAC key the notifications are signed with. */
  hmacKey: string;
  requests: RecordedRequest[];
  /** Payments made, by our reference: each reference made at most once. */
  payments: Map<string, FakePayment>;
  /** How many times a payment was made for the reference (more than one is a double charge). */
  madeFor(reference: string): number;
  /** Answers the operation's next calls with these, in order, then with the default again. */
  answerNext(operation: FakeOperation, ...answers: FakeAnswer[]): void;
  close(): Promise<void>;
}

/** The API key the fake takes (any other is answered 401, as Adyen does). */
export const fakeApiKey = 'fake-api-key';

const pspReference = (): string => randomBytes(8).toString('hex').toUpperCase().slice(0, 16);

const routes: Array<[RegExp, FakeOperation]> = [
  [/^\/v71\/payments$/, 'payments'],
  [/^\/v71\/payments\/details$/, 'details'],
  [/^\/v71\/payments\/([^/]+)\/captures$/, 'captures'],
  [/^\/v71\/payments\/([^/]+)\/cancels$/, 'cancels'],
  [/^\/v71\/payments\/([^/]+)\/refunds$/, 'refunds'],
  [/^\/v71\/cancels$/, 'cancels-by-reference'],
];

const readBody = async (request: IncomingMessage): Promise<Record<string, unknown>> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
};

export const startAdyenFake = async (): Promise<AdyenFake> => {
  const merchantAccount = 'WattleTestAccount';
  const hmacKey = randomBytes(32).toString('hex').toUpperCase();
  const requests: RecordedRequest[] = [];
  const payments = new Map<string, FakePayment>();
  const made = new Map<string, number>();
  const byPsp = new Map<string, FakePayment>();
  const scripted = new Map<FakeOperation, FakeAnswer[]>();
  const byKey = new Map<string, { status: number; body: unknown }>();
  /** Where the issuer's page sends the payer back, by pspReference (the payment's returnUrl). */
  const returnUrls = new Map<string, string>();
  const sockets = new Set<Socket>();
  let url = '';

  const received = (body: Record<string, unknown>, extra: Record<string, unknown>) => ({
    status: 201,
    body: {
      merchantAccount: body.merchantAccount,
      reference: body.reference,
      ...extra,
      pspReference: pspReference(),
      status: 'received',
    },
  });

  /** The default answer, with its effect on the fake's state. */
  const effect = (operation: FakeOperation, psp: string | undefined, body: Record<string, unknown>) => {
    const payment = psp ? byPsp.get(psp) : undefined;
    switch (operation) {
      case 'payments': {
        const reference = String(body.reference);
        const amount = body.amount as FakePayment['amount'];
        const manualCapture =
          (body.additionalData as Record<string, string> | undefined)?.manualCapture === 'true';
        const redirect =
          (body.authenticationData as { attemptAuthentication?: string } | undefined)
            ?.attemptAuthentication === 'always';
        const created: FakePayment = {
          reference,
          pspReference: pspReference(),
          amount,
          state: redirect ? 'redirected' : manualCapture ? 'authorised' : 'captured',
          manualCapture,
        };
        payments.set(reference, created);
        byPsp.set(created.pspReference, created);
        if (typeof body.returnUrl === 'string') returnUrls.set(created.pspReference, body.returnUrl);
        made.set(reference, (made.get(reference) ?? 0) + 1);
        if (redirect)
          return {
            status: 200,
            body: {
              resultCode: 'RedirectShopper',
              pspReference: created.pspReference,
              action: {
                type: 'redirect',
                method: 'GET',
                url: `${url}/issuer/${created.pspReference}`,
                paymentMethodType: 'scheme',
              },
            },
          };
        return {
          status: 200,
          body: {
            resultCode: 'Authorised',
            pspReference: created.pspReference,
            merchantReference: reference,
          },
        };
      }
      case 'details': {
        const details = body.details as { redirectResult?: string };
        const [psp_, verdict] = String(details.redirectResult).split(':');
        const redirected = psp_ ? byPsp.get(psp_) : undefined;
        if (!redirected)
          return {
            status: 422,
            body: {
              status: 422,
              errorCode: '000',
              message: 'Unknown redirectResult',
              errorType: 'validation',
            },
          };
        if (verdict !== 'authenticated') {
          redirected.state = 'refused';
          return {
            status: 200,
            body: {
              resultCode: 'Refused',
              pspReference: redirected.pspReference,
              refusalReason: '3D Not Authenticated',
              refusalReasonCode: '11',
            },
          };
        }
        redirected.state = redirected.manualCapture ? 'authorised' : 'captured';
        return { status: 200, body: { resultCode: 'Authorised', pspReference: redirected.pspReference } };
      }
      case 'captures':
      case 'cancels':
      case 'refunds': {
        if (!payment)
          return {
            status: 422,
            body: {
              status: 422,
              errorCode: '167',
              message: 'Original pspReference required for this operation',
              errorType: 'validation',
            },
          };
        if (operation === 'captures') payment.state = 'captured';
        if (operation === 'cancels') payment.state = 'cancelled';
        const amount = operation === 'cancels' ? {} : { amount: body.amount };
        return received(body, { paymentPspReference: psp, ...amount });
      }
      case 'cancels-by-reference': {
        const cancelled = payments.get(String(body.paymentReference));
        if (cancelled) cancelled.state = 'cancelled';
        return received(body, { paymentReference: body.paymentReference });
      }
    }
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    // The issuer's page of a redirected payment: the payer authenticates at once and is sent back
    // to the payment's returnUrl with a redirectResult, as Adyen's hosted page does.
    const issuer = /^\/v71\/issuer\/([^/]+)$/.exec(path);
    if (issuer && request.method === 'GET') {
      const back = returnUrls.get(decodeURIComponent(issuer[1] ?? ''));
      if (!back) {
        response.writeHead(404).end();
        return;
      }
      const location = new URL(back);
      location.searchParams.set('redirectResult', `${issuer[1]}:authenticated`);
      response.writeHead(302, { location: location.toString() }).end();
      return;
    }
    const route = routes.find(([pattern]) => pattern.test(path));
    if (!route || request.method !== 'POST') {
      response.writeHead(404).end();
      return;
    }
    const [pattern, operation] = route;
    const psp = pattern.exec(path)?.[1];
    const body = await readBody(request);
    requests.push({ operation, path, headers: request.headers, body });
    if (request.headers['x-api-key'] !== fakeApiKey) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          status: 401,
          errorCode: '000',
          message: 'HTTP Status Response - Unauthorized',
          errorType: 'security',
        }),
      );
      return;
    }
    const key = request.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? `${operation}:${key}` : undefined;
    const remembered = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
    const scriptedAnswer = remembered ? undefined : scripted.get(operation)?.shift();
    let answer: { status: number; body: unknown };
    if (remembered) answer = remembered;
    else if (scriptedAnswer && 'status' in scriptedAnswer) answer = scriptedAnswer;
    else {
      // Hung or reset calls made their effect first, as a request that reached Adyen does.
      answer = effect(operation, psp ? decodeURIComponent(psp) : undefined, body);
      // Adyen keeps the answer of a key that got one; a 5xx is not kept (the retry is processed).
      if (idempotencyKey && answer.status < 500) byKey.set(idempotencyKey, answer);
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
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v71`;
  return {
    url,
    merchantAccount,
    hmacKey,
    requests,
    payments,
    madeFor: (reference) => made.get(reference) ?? 0,
    answerNext: (operation, ...answers) => {
      scripted.set(operation, [...(scripted.get(operation) ?? []), ...answers]);
    },
    ...adyenNotifications({ hmacKey, merchantAccount }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

/** What `fake` was asked about our reference of `token`: its authorisation and cancel by reference, and the modifications of its payment. */
export const askedOf = (fake: AdyenFake, scope: Scope, token: string): string[] => {
  const reference = processorReferenceOf(scope.accountId, token);
  const psp = fake.payments.get(reference)?.pspReference;
  return fake.requests
    .filter(
      (request) =>
        request.body.reference === reference ||
        (psp !== undefined && request.path.includes(`/payments/${psp}/`)),
    )
    .map((request) => request.operation);
};
