import type { RequestOptions } from 'node:http';
import type { LookupFunction } from 'node:net';
import type { SendOutcome } from '@wattle/ports';
import { pinSignatureHeader } from '@wattle/verify-webhook';
import {
  AddressNotAllowedError,
  type GuardOptions,
  HostNotFoundError,
  type ResolvedAddress,
  type Resolver,
  resolveAllowed,
} from './address-guard.ts';

/** Pin gives a receiver this long to answer (from the lookup to the response's status line). */
export const webhookTimeoutMs = 10_000;

export interface WebhookRequest {
  url: string;
  /** The event JSON, exactly as signed. */
  body: string;
  /** The Pin-Signature value for `body`. */
  signature: string;
}

export interface SendOptions extends GuardOptions {
  timeoutMs?: number;
  resolve?: Resolver;
}

const refused = (error: string, description: string): SendOutcome => ({
  accepted: false,
  error,
  description,
});

/** The headers of a webhook's POST: what the receiver gets, and what the attempt records. */
export const webhookHeaders = ({ body, signature }: Pick<WebhookRequest, 'body' | 'signature'>) => ({
  'content-type': 'application/json',
  'content-length': String(Buffer.byteLength(body)),
  'user-agent': 'Wattle-Webhooks/1.0',
  [pinSignatureHeader]: signature,
});

/** A lookup that answers the address already checked, whatever the runtime asks (one or all). */
const pinnedLookup = (target: ResolvedAddress): LookupFunction =>
  ((_hostname: string, options: unknown, callback?: unknown) => {
    const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    if (typeof options === 'object' && options !== null && (options as { all?: boolean }).all) {
      done(null, [{ address: target.address, family: target.family }]);
    } else {
      done(null, target.address, target.family);
    }
  }) as LookupFunction;

/**
 * POSTs a signed event to a webhook endpoint, once. The host is resolved and checked by the SSRF
 * guard first and the connection made to that very address (TLS still verifies the host name);
 * redirects are not followed (a 3xx is an unexpected code); the whole attempt has `timeoutMs`.
 * Never throws: every failure is an outcome.
 */
export const sendWebhook = async (request: WebhookRequest, options: SendOptions): Promise<SendOutcome> => {
  const timeoutMs = options.timeoutMs ?? webhookTimeoutMs;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return refused('invalid_url', 'The URL is not valid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return refused('invalid_url', 'The URL is not http or https');
  }
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  const timedOut = refused('timeout', `No response within ${timeoutMs / 1000} seconds`);
  try {
    const target = await Promise.race([
      resolveAllowed(url.hostname, options),
      new Promise<never>((_, reject) =>
        abort.signal.addEventListener('abort', () => reject(abort.signal.reason)),
      ),
    ]);
    return await new Promise<SendOutcome>((resolve) => {
      const requestOptions: RequestOptions = {
        method: 'POST',
        headers: webhookHeaders(request),
        lookup: pinnedLookup(target),
        agent: false,
        signal: abort.signal,
      };
      // Taken at the send, not imported: a static import of node:http makes Node's ESM loader read
      // every export of it at start, which loads undici, milliseconds of every function's cold start.
      const send =
        url.protocol === 'https:'
          ? process.getBuiltinModule('node:https').request
          : process.getBuiltinModule('node:http').request;
      const outgoing = send(url, requestOptions, (response) => {
        const status = response.statusCode ?? 0;
        // Only the status counts: the body is not read, and no redirect is followed.
        response.destroy();
        resolve(
          status >= 200 && status < 300
            ? { accepted: true, status }
            : refused('unexpected_http_code', `Unexpected http code ${status}`),
        );
      });
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        if (abort.signal.aborted) resolve(timedOut);
        else resolve(refused('connection_failed', `Could not connect (${error.code ?? error.message})`));
      });
      outgoing.end(request.body);
    });
  } catch (error) {
    if (error instanceof AddressNotAllowedError) return refused('address_not_allowed', error.message);
    if (error instanceof HostNotFoundError) return refused('host_not_found', error.message);
    if (abort.signal.aborted) return timedOut;
    return refused('connection_failed', `Could not connect (${(error as Error).message})`);
  } finally {
    clearTimeout(timer);
  }
};
