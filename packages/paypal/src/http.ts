/** Every failure to get an answer from PayPal: the root of the connector's errors. */
export class PayPalError extends Error {
  override name = 'PayPalError';
}

/** PayPal answered with an error status: what it said (its error body's name and first issue). */
export class PayPalAnswerError extends PayPalError {
  override name = 'PayPalAnswerError';
  constructor(
    readonly status: number,
    /** The error's `name` (`UNPROCESSABLE_ENTITY`), or the OAuth `error`. */
    readonly errorName: string,
    /** The first detail's `issue` (`PREVIOUSLY_VOIDED`), when PayPal gave one. */
    readonly issue: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** No answer came (a reset, a timeout, the deadline): the request may have landed. */
export class PayPalNoAnswerError extends PayPalError {
  override name = 'PayPalNoAnswerError';
}

/**
 * The request never left: no connection was made, the deadline had passed before it, or no access
 * token could be had (the call itself was never sent).
 */
export class PayPalNotSentError extends PayPalError {
  override name = 'PayPalNotSentError';
}

/** Errors of a connection never made (refused, no such host): nothing reached PayPal. */
const notConnected = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

interface ErrorBody {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: { issue?: string; description?: string }[];
  error?: string;
  error_description?: string;
}

/**
 * PayPal's error text is kept with the payment and logged: any run of digits as long as a card
 * number, and a security code's value, is masked in it, should an answer ever echo the request.
 */
const withoutCardData = (text: string): string =>
  text
    .replace(/\d{12,19}/g, '[number]')
    .replace(/(security_code["']?\s*[:=]\s*["']?)\d{3,4}(?!\d)/gi, '$1[security_code]');

const answerError = (status: number, body: string): PayPalAnswerError => {
  let parsed: ErrorBody = {};
  try {
    parsed = JSON.parse(body) as ErrorBody;
  } catch {
    // Not PayPal's error body (a proxy's page): the status alone tells.
  }
  const issue = parsed.details?.[0]?.issue;
  const text = [parsed.message ?? parsed.error_description, parsed.details?.[0]?.description, parsed.debug_id]
    .filter(Boolean)
    .join(' / ');
  return new PayPalAnswerError(
    status,
    parsed.name ?? parsed.error ?? String(status),
    issue,
    withoutCardData(text || `PayPal answered HTTP ${status}`),
  );
};

export interface PayPalRequest {
  method: 'GET' | 'POST';
  path: string;
  /** The JSON body, as text (a notification's event goes in as it arrived). */
  body?: string;
  /** PayPal-Request-Id: the operation and our token, so a call sent again is carried out once. */
  requestId?: string;
  signal: AbortSignal;
}

export interface PayPalAnswer {
  status: number;
  /** The JSON answer, or null for an empty one (204). */
  json: unknown;
}

/** Renew the token this long before PayPal says it expires, so no call carries one that lapses on the way. */
const expiryMarginMs = 60_000;

/**
 * An HTTP client of PayPal's REST API over Node's fetch: the OAuth 2.0 client-credentials token,
 * cached (per container: the processor is made once per account) until shortly before it expires and
 * fetched once for the calls that wait on it; then each call with `Authorization: Bearer`, its
 * PayPal-Request-Id and `Prefer: return=representation` (the whole resource, not PayPal's minimal
 * default), bound by the call's signal. Throws PayPalAnswerError, PayPalNoAnswerError or
 * PayPalNotSentError. A redirect is never followed (it would carry the token and the card to the
 * host it names): it is an answer of its status, as any other non-2xx. A 401 drops the cached
 * token, and the call is sent once more with a new one (same PayPal-Request-Id: done at most once).
 */
export const paypalHttp = (
  apiUrl: string,
  credentials: { clientId: string; clientSecret: string },
  now: () => number = Date.now,
) => {
  const base = apiUrl.replace(/\/+$/, '');
  let token: { value: string; until: number } | undefined;
  let fetching: Promise<string> | undefined;

  const send = async (url: string, init: RequestInit & { signal: AbortSignal }): Promise<PayPalAnswer> => {
    if (init.signal.aborted) throw new PayPalNotSentError('The deadline passed before the request was sent');
    let response: Response;
    try {
      response = await fetch(url, { ...init, redirect: 'manual' });
    } catch (error) {
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      if (typeof code === 'string' && notConnected.has(code))
        throw new PayPalNotSentError(`No connection to PayPal: ${code}`, { cause: error });
      throw new PayPalNoAnswerError(`No answer from PayPal: ${(error as Error).message}`, { cause: error });
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new PayPalNoAnswerError(`PayPal's answer was cut: ${(error as Error).message}`, { cause: error });
    }
    if (!response.ok) throw answerError(response.status, text);
    if (text === '') return { status: response.status, json: null };
    try {
      return { status: response.status, json: JSON.parse(text) as unknown };
    } catch (error) {
      throw new PayPalNoAnswerError(`PayPal's answer is not JSON (HTTP ${response.status})`, {
        cause: error,
      });
    }
  };

  const fetchToken = async (signal: AbortSignal): Promise<string> => {
    const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
    const started = now();
    let answer: PayPalAnswer;
    try {
      answer = await send(`${base}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
        signal,
      });
    } catch (error) {
      // Without a token, the call it was for never left.
      throw new PayPalNotSentError(`No access token from PayPal: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const { access_token, expires_in } = (answer.json ?? {}) as {
      access_token?: unknown;
      expires_in?: unknown;
    };
    if (typeof access_token !== 'string' || typeof expires_in !== 'number')
      throw new PayPalNotSentError('PayPal answered the token request without access_token and expires_in');
    token = { value: access_token, until: started + expires_in * 1000 - expiryMarginMs };
    return access_token;
  };

  const accessToken = (signal: AbortSignal): Promise<string> => {
    if (token && now() < token.until) return Promise.resolve(token.value);
    fetching ??= fetchToken(signal).finally(() => {
      fetching = undefined;
    });
    return fetching;
  };

  const call = async (request: PayPalRequest, bearer: string): Promise<PayPalAnswer> => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${bearer}`,
      accept: 'application/json',
      prefer: 'return=representation',
    };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.requestId) headers['paypal-request-id'] = request.requestId;
    return send(`${base}${request.path}`, {
      method: request.method,
      headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal: request.signal,
    });
  };

  return {
    request: async (request: PayPalRequest): Promise<PayPalAnswer> => {
      const bearer = await accessToken(request.signal);
      try {
        return await call(request, bearer);
      } catch (error) {
        if (!(error instanceof PayPalAnswerError && error.status === 401)) throw error;
        // The token was refused (revoked, or expired early): PayPal did nothing with the call.
        if (token?.value === bearer) token = undefined;
        return call(request, await accessToken(request.signal));
      }
    },
  };
};

export type PayPalHttp = ReturnType<typeof paypalHttp>;
