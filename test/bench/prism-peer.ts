/**
 * The peer: Stoplight Prism (`prism mock`) serving the same OpenAPI document, in a process of its
 * own. It keeps no state: it checks the request against the document and answers the document's
 * example. Wattle's throughput against it is the price of real state (the key looked up, DynamoDB,
 * the processor) over an HTTP server that only validates.
 *
 * Prism runs with `--errors`: a request the document does not allow gets an error answer, and the
 * operations count any unexpected status (or a `sl-violations` header) as an error, never as
 * throughput.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOpenApiDocument } from '@wattle/openapi';
import { type Prism, startPrismOn } from '../helpers/prism.ts';
import type { Api, ApiResponse } from '../helpers/stack.ts';
import { type Merchant, merchantThrough, type OperationName } from './api-operations.ts';
import { benchApi } from './bench-api.ts';

export type { Prism };

/** The operations driven at the peer too: a read, a list, a write. */
export const peerOperations: readonly OperationName[] = ['get charge', 'list charges', 'create charge'];

/** Starts `prism mock` on the document as `npm run openapi` writes it, in a temporary directory. */
export const startPrism = async (): Promise<Prism> => {
  const dir = mkdtempSync(join(tmpdir(), 'wattle-prism-'));
  const document = join(dir, 'openapi.json');
  writeFileSync(document, JSON.stringify(buildOpenApiDocument()));
  // Any answer means it listens (this one is a 401: no key).
  return startPrismOn(document, '/1/charges', () => rmSync(dir, { recursive: true, force: true }));
};

/** An answer Prism gave although the request broke the document, as an error. */
const checked = async (answer: Promise<ApiResponse>): Promise<ApiResponse> => {
  const response = await answer;
  const violations = response.headers.get('sl-violations');
  if (violations) throw new Error(`Prism found the request invalid: ${violations.slice(0, 300)}`);
  return response;
};

/** The merchant's operations sent to Prism instead, with the same key (the tokens of its charges for the reads). */
export const peerMerchant = (prism: Prism, merchant: Merchant): Merchant => {
  const api = benchApi(prism.url, merchant.secretKey);
  const peerApi: Api = {
    get: (path, options) => checked(api.get(path, options)),
    post: (path, body, options) => checked(api.post(path, body, options)),
    put: (path, body, options) => checked(api.put(path, body, options)),
    patch: (path, body, options) => checked(api.patch(path, body, options)),
    del: (path, body, options) => checked(api.del(path, body, options)),
  };
  return merchantThrough(peerApi, merchant);
};
