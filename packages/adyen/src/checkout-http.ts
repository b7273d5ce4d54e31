import type { Client } from './library.ts';

/** The HTTP client the Adyen library's services call through (the library's `ClientInterface`). */
type ClientInterface = NonNullable<ConstructorParameters<typeof Client>[1]>;

/** Every failure to get an answer from Adyen: the root of the connector's errors. */
export class AdyenError extends Error {
  override name = 'AdyenError';
}

/** Adyen answered with an error status: what it said (its ServiceError body, when it sent one). */
export class AdyenAnswerError extends AdyenError {
  override name = 'AdyenAnswerError';
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly errorType: string,
    message: string,
  ) {
    super(message);
  }
}

/** No answer came (a reset, a timeout, the deadline): the request may have landed. */
export class AdyenNoAnswerError extends AdyenError {
  override name = 'AdyenNoAnswerError';
}

/** The request never left: no connection was made, or the deadline had passed before it. */
export class AdyenNotSentError extends AdyenError {
  override name = 'AdyenNotSentError';
}

/** Errors of a connection never made (refused, no such host): nothing reached Adyen. */
const notConnected = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/** The library's endpoint: its own host and version, then the operation's path. */
const libraryEndpoint = /^https:\/\/[^/]+\/v\d+(\/.*)$/;

interface ServiceError {
  status?: number;
  errorCode?: string;
  errorType?: string;
  message?: string;
}

/**
 * Adyen's error text is kept with the payment and logged: any run of digits as long as a card
 * number, and a CVC field's value, is masked in it, should an answer ever echo the request.
 */
const withoutCardData = (text: string): string =>
  text.replace(/\d{12,19}/g, '[number]').replace(/(cvc["']?\s*[:=]\s*["']?)\d{3,4}(?!\d)/gi, '$1[cvc]');

const answerError = (status: number, body: string): AdyenAnswerError => {
  let parsed: ServiceError = {};
  try {
    parsed = JSON.parse(body) as ServiceError;
  } catch {
    // Not Adyen's ServiceError (a proxy's page): the status alone tells.
  }
  return new AdyenAnswerError(
    status,
    parsed.errorCode ?? String(status),
    parsed.errorType ?? 'unknown',
    withoutCardData(parsed.message ?? `Adyen answered HTTP ${status}`),
  );
};

/**
 * The Adyen library's HTTP client replaced (its documented extension point) by one over Node's
 * fetch: the library builds and types the requests and answers, this sends them to `checkoutUrl`
 * (the version path included, so a mock or another version can stand in), with the API key, the
 * request's Idempotency-Key and the call's abort signal, and throws AdyenAnswerError,
 * AdyenNoAnswerError or AdyenNotSentError. A redirect (3xx) is never followed: it is an answer of
 * its status like any other non-2xx, from the configured host, so the request reached it and an
 * authorisation's outcome is unknown, not "nothing made". The library's own client speaks HTTPS to Adyen's hosts
 * only and cannot be aborted.
 */
export const checkoutHttp = (checkoutUrl: string, apiKey: string): ClientInterface => {
  const base = checkoutUrl.replace(/\/+$/, '');
  return {
    request: async (endpoint, json, _config, _apiKeyRequired, options = {}) => {
      const path = libraryEndpoint.exec(endpoint)?.[1];
      if (!path) throw new AdyenError(`Not a Checkout API endpoint: ${endpoint}`);
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-api-key': apiKey };
      if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
      if (options.signal?.aborted)
        throw new AdyenNotSentError('The deadline passed before the request was sent');
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method: options.method ?? 'POST',
          headers,
          body: typeof json === 'string' ? json : new Uint8Array(json),
          signal: options.signal ?? null,
          // Never followed: a redirect would carry the API key and the card to whatever host it names.
          redirect: 'manual',
        });
      } catch (error) {
        const code = (error as { cause?: { code?: unknown } }).cause?.code;
        if (typeof code === 'string' && notConnected.has(code))
          throw new AdyenNotSentError(`No connection to Adyen: ${code}`, { cause: error });
        throw new AdyenNoAnswerError(`No answer from Adyen: ${(error as Error).message}`, { cause: error });
      }
      let body: string;
      try {
        body = await response.text();
      } catch (error) {
        throw new AdyenNoAnswerError(`Adyen's answer was cut: ${(error as Error).message}`, { cause: error });
      }
      if (!response.ok) throw answerError(response.status, body);
      return body;
    },
  };
};
