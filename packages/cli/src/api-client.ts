/** A Pin answer that was not a success, as one readable line. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    const pin = body as { error?: string; error_description?: string; messages?: { message?: string }[] };
    const details = pin?.messages?.map((m) => m.message).filter(Boolean) ?? [];
    super(
      pin?.error
        ? `${status} ${pin.error}: ${pin.error_description ?? ''}${details.length ? ` (${details.join('; ')})` : ''}`
        : `${status}: ${typeof body === 'string' ? body.slice(0, 200) : JSON.stringify(body)}`,
    );
  }
}

/**
 * `url` with `localhost` written 127.0.0.1, where the local stack listens: looking the name up
 * costs a CLI call about 60 ms of CPU on this machine (the request itself less). Any other URL as it is.
 */
export const loopbackUrl = (url: string): string =>
  url.replace(/^http:\/\/localhost(?=[:/]|$)/, 'http://127.0.0.1');

export interface ApiClient {
  readonly baseUrl: string;
  readonly key: string;
  /** The parsed JSON of a 2xx answer (null for an empty one); an ApiError otherwise. */
  call(method: string, path: string, body?: Record<string, unknown>): Promise<unknown>;
  /** The answer whatever its status, for a caller that expects a refusal. */
  send(
    method: string,
    path: string,
    body?: Record<string, unknown>,
  ): Promise<{ status: number; body: unknown }>;
}

/** A client of one environment's API with a key (HTTP basic, the key as the user), sending JSON. */
export const apiClient = (baseUrl: string, key: string): ApiClient => {
  const authorization = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  const send: ApiClient['send'] = async (method, path, body) => {
    const response = await fetch(loopbackUrl(`${baseUrl}${path}`), {
      method,
      headers: {
        accept: 'application/json',
        authorization,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: the text it is (an HTML error page of a proxy, say).
    }
    return { status: response.status, body: parsed };
  };
  return {
    baseUrl,
    key,
    send,
    call: async (method, path, body) => {
      const answer = await send(method, path, body);
      if (answer.status < 200 || answer.status > 299) throw new ApiError(answer.status, answer.body);
      return answer.body;
    },
  };
};

/** `{response: …}` of a Pin answer. */
// biome-ignore lint/suspicious/noExplicitAny: Pin objects are printed and picked from, not typed here
export const responseOf = (answer: unknown): any => (answer as { response: unknown }).response;
