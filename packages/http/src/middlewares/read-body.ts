import httpUrlencodeBodyParser from '@middy/http-urlencode-body-parser';
import { PinError } from '@wattle/domain';
import type { Context } from 'aws-lambda';
import { bodyLimits } from '../body-limits.ts';
import type { Fields } from '../fields.ts';
import { header } from '../header.ts';
import { type FlatFields, nestFields } from '../nest-fields.ts';
import { checkParameterCount } from '../parse-form.ts';
import { parseJson } from '../parse-json.ts';
import type { ApiEvent, ApiMiddleware, ApiMiddyRequest } from './types.ts';

const formType = 'application/x-www-form-urlencoded';

/** The media type of a Content-Type header, lower-cased, without parameters. */
export const mediaType = (contentType: string | undefined): string =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase();

const isJson = (type: string): boolean => type === 'application/json' || type.endsWith('+json');

const decoded = (event: ApiEvent): string =>
  event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');

/**
 * Before the body is decoded: 413 past the size limit, 415 for a media type other than a form or
 * JSON, 400 for a form of too many parameters. A form sent without a Content-Type (or with one the
 * parser's exact match misses, such as `Application/X-WWW-Form-Urlencoded ;charset=utf-8`) gets
 * the plain form type, so the parser takes it.
 */
const checkBody = (): ApiMiddleware => ({
  name: 'checkBody',
  before: function checkBodyBefore({ event }) {
    const { body } = event;
    if (body === undefined || body === '') return;
    const limit = event.isBase64Encoded ? (bodyLimits.maxBodyBytes * 4) / 3 + 4 : bodyLimits.maxBodyBytes;
    if (Buffer.byteLength(body) > limit) throw new PinError('request_too_large');
    const type = mediaType(header(event.headers, 'content-type'));
    if (isJson(type)) return;
    if (type !== formType && type !== '') throw new PinError('unsupported_media_type');
    checkParameterCount(decoded(event));
    event.headers = { ...event.headers, 'content-type': formType };
  },
});

/**
 * After the form parser: its flat fields nested by brackets, or the JSON body parsed (its nulls
 * dropped but the route's `keepsNull`: parseJson); either way `event.body` then holds the
 * request's Fields (none for an empty body).
 */
const bodyFields = (keepsNull: readonly string[]): ApiMiddleware => ({
  name: 'bodyFields',
  before: function bodyFieldsBefore({ event }) {
    const body: unknown = event.body;
    const fields: Fields =
      body === undefined || body === ''
        ? Object.create(null)
        : typeof body === 'object'
          ? nestFields(body as FlatFields)
          : parseJson(decoded(event), keepsNull);
    (event as { body: unknown }).body = fields;
  },
});

/**
 * The body middlewares, in order: our checks, @middy/http-urlencode-body-parser for forms (other
 * types pass through it to JSON parsing), then nesting. Afterwards `fieldsOf(event)` is the body.
 * `keepsNull`: the route's top-level fields whose JSON null is a value (Route.keepsNull).
 */
export const readBody = (keepsNull: readonly string[] = []): ApiMiddleware[] => [
  checkBody(),
  httpUrlencodeBodyParser({ disableContentTypeError: true }) as unknown as ApiMiddleware,
  bodyFields(keepsNull),
];

/** The body's fields, once readBody has run. */
export const fieldsOf = (event: ApiEvent): Fields => (event as { body: unknown }).body as Fields;

/**
 * Reads a body outside a Lambda (the local control endpoints, tests) through the same middlewares:
 * each of them works synchronously.
 */
export const parseBody = (
  body: string | undefined,
  isBase64: boolean,
  contentType: string | undefined,
): Fields => {
  const event = {
    body,
    isBase64Encoded: isBase64,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
  } as unknown as ApiEvent;
  const request = { event, context: {} as Context, response: undefined, error: undefined, internal: {} };
  for (const middleware of readBody()) middleware.before?.(request as ApiMiddyRequest);
  return fieldsOf(event);
};
