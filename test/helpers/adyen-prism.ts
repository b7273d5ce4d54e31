import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutDefinition } from './adyen-definitions.ts';
import { type Prism, startPrismOn } from './prism.ts';

/** One exchange through the proxy, with what Prism found wrong in the request. */
export interface PrismExchange {
  path: string;
  status: number;
  violations: string | null;
  /** The amount and our reference Wattle sent (never the card: a failing assertion prints it). */
  sent: { amount?: unknown; reference?: unknown };
  /**
   * A payment's: what Wattle told Adyen it is, and whether a CVC went with the card (never the
   * CVC itself); absent on other requests.
   */
  told?: Told;
  /** The request's Idempotency-Key header, if it had one. */
  idempotencyKey: string | null;
}

/** What a POST /payments told Adyen the payment is, and whether its card went with a CVC. */
export interface Told {
  shopperInteraction?: unknown;
  recurringProcessingModel?: unknown;
  storePaymentMethod?: unknown;
  withCvc: boolean;
}

export interface AdyenPrism {
  /** The Checkout API's base URL through the proxy, version path included. */
  url: string;
  exchanges: PrismExchange[];
  /** The example Prism answers the next POST /payments with (its first one otherwise). */
  preferNext(example: string): void;
  stop(): Promise<void>;
}

const bodyOf = (chunks: Buffer[]): Record<string, unknown> => {
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
};

const sentOf = (chunks: Buffer[]): PrismExchange['sent'] => {
  const { amount, reference } = bodyOf(chunks);
  return { amount, reference };
};

const toldOf = (chunks: Buffer[]): Pick<PrismExchange, 'told'> => {
  const { shopperInteraction, recurringProcessingModel, storePaymentMethod, paymentMethod } = bodyOf(chunks);
  if (typeof paymentMethod !== 'object' || paymentMethod === null) return {};
  return {
    told: {
      ...(shopperInteraction !== undefined ? { shopperInteraction } : {}),
      ...(recurringProcessingModel !== undefined ? { recurringProcessingModel } : {}),
      ...(storePaymentMethod !== undefined ? { storePaymentMethod } : {}),
      withCvc: 'cvc' in paymentMethod,
    },
  };
};

/**
 * Prism serving Adyen's unmodified Checkout v71 definition (`--errors`), behind a small proxy that
 * plays Adyen's version path (`/v71`, the document's server) and, for the next POST /payments a
 * test names, adds `Prefer: example=...`: Wattle never sends Prefer, and Prism would otherwise
 * answer every payment with the document's first example (a 3-D Secure one). The proxy keeps every
 * exchange with Prism's violations (its `sl-violations` header, or its error answer under
 * `--errors`), so a test can prove that Adyen's definition allows all Wattle sent.
 */
export const startAdyenPrism = async (): Promise<AdyenPrism> => {
  // Any answer means it listens (a 401 or 405: no key, no body).
  const prism: Prism = await startPrismOn(checkoutDefinition, '/paymentMethods');
  const exchanges: PrismExchange[] = [];
  const preferred: string[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = (request.url ?? '').replace(/^\/v71/, '');
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers.set(name, value);
    if (request.method === 'POST' && path === '/payments' && preferred.length > 0)
      headers.set('prefer', `example=${preferred.shift()}`);
    try {
      const answer = await fetch(`${prism.url}${path}`, {
        method: request.method ?? 'GET',
        headers,
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      });
      const body = await answer.text();
      const problem = (answer.headers.get('content-type') ?? '').includes('problem+json') ? body : null;
      exchanges.push({
        path,
        status: answer.status,
        violations: answer.headers.get('sl-violations') ?? problem,
        sent: sentOf(chunks),
        ...toldOf(chunks),
        idempotencyKey: headers.get('idempotency-key'),
      });
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      });
      response.end(body);
    } catch (error) {
      exchanges.push({
        path,
        status: 502,
        violations: `The proxy could not reach Prism: ${String(error)}`,
        sent: sentOf(chunks),
        ...toldOf(chunks),
        idempotencyKey: headers.get('idempotency-key'),
      });
      response.writeHead(502).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v71`,
    exchanges,
    preferNext: (example) => {
      preferred.push(example);
    },
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await prism.stop();
    },
  };
};
