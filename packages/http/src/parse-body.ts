import { PinError } from '@wattle/domain';
import qs from 'qs';
import { bodyLimits, forbiddenKeys } from './body-limits.ts';

export type Fields = Record<string, unknown>;

const badRequest = (description: string): PinError => new PinError('bad_request', { description });

/** Form fields and query strings: bracket nesting and arrays (card[number], customer_permissions[]). */
export const parseForm = (raw: string): Fields => {
  try {
    const parsed = qs.parse(raw, {
      depth: bodyLimits.maxDepth,
      strictDepth: true,
      parameterLimit: bodyLimits.maxParameters,
      arrayLimit: bodyLimits.maxArrayItems,
      throwOnLimitExceeded: true,
      allowPrototypes: false,
      plainObjects: true,
    }) as Fields;
    return clean(parsed, 0, { count: 0 }) as Fields;
  } catch (cause) {
    if (cause instanceof PinError) throw cause;
    throw badRequest(`The form fields could not be read: ${(cause as Error).message}.`);
  }
};

/** JSON bodies, as Pin's client libraries send them: numbers may be numbers or numeric strings. */
export const parseJson = (raw: string): Fields => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('The request body must be a JSON object.');
  }
  return clean(parsed, 0, { count: 0 }) as Fields;
};

/**
 * Copies the parsed value onto plain prototype-less objects, dropping prototype keys and
 * enforcing the depth and parameter limits, so no later code meets a surprise.
 */
const clean = (value: unknown, depth: number, seen: { count: number }): unknown => {
  if (value === null || typeof value !== 'object') return value;
  if (depth > bodyLimits.maxDepth)
    throw badRequest(`Parameters may be nested at most ${bodyLimits.maxDepth} deep.`);
  if (Array.isArray(value)) {
    if (value.length > bodyLimits.maxArrayItems) {
      throw badRequest(`An array may hold at most ${bodyLimits.maxArrayItems} items.`);
    }
    return value.map((item) => clean(item, depth + 1, seen));
  }
  const out: Fields = Object.create(null);
  for (const [key, item] of Object.entries(value)) {
    if (forbiddenKeys.has(key)) continue;
    if (++seen.count > bodyLimits.maxParameters) {
      throw badRequest(`A request may carry at most ${bodyLimits.maxParameters} parameters.`);
    }
    out[key] = clean(item, depth + 1, seen);
  }
  return out;
};

/** The media type of a Content-Type header, lower-cased, without parameters. */
export const mediaType = (contentType: string | undefined): string =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/** Reads a request body by its content type; an empty body is no fields. */
export const parseBody = (
  body: string | undefined,
  isBase64: boolean,
  contentType: string | undefined,
): Fields => {
  if (body === undefined || body === '') return Object.create(null) as Fields;
  if (
    Buffer.byteLength(body) > (isBase64 ? (bodyLimits.maxBodyBytes * 4) / 3 + 4 : bodyLimits.maxBodyBytes)
  ) {
    throw new PinError('request_too_large');
  }
  const raw = isBase64 ? Buffer.from(body, 'base64').toString('utf8') : body;
  const type = mediaType(contentType);
  if (type === 'application/json' || type.endsWith('+json')) return parseJson(raw);
  if (type === 'application/x-www-form-urlencoded' || type === '') return parseForm(raw);
  throw new PinError('unsupported_media_type');
};
