import { badRequest, type Fields, guardFields } from './fields.ts';

/**
 * Issue 41: a JSON `null` is a parameter not given, on every route and at every depth of the
 * body's parameter objects (`card`, `bank_account`, `three_d_secure` ...), as Pin reads it: real
 * clients send every unset field as `null` (the Elixir client pinxs encodes its structs whole), and
 * a required parameter sent as `null` is then answered as a missing one. Two places keep their
 * nulls: a `metadata` object, whose keys and values are the merchant's own (a null value is
 * refused there as any other value that is no text), and the top-level names a route gives in
 * `keepsNull`, where docs/api/requests.md gives `null` a meaning of its own (PUT /subscriptions/{token}:
 * `card_token` null is the customer's primary card). Form bodies carry no null: this is JSON's.
 */
export const dropNullParameters = (fields: Fields, keepsNull: readonly string[] = []): Fields =>
  withoutNulls(fields, keepsNull) as Fields;

const withoutNulls = (value: unknown, keepsNull: readonly string[]): unknown => {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => withoutNulls(item, []));
  const out: Fields = Object.create(null);
  for (const [key, item] of Object.entries(value)) {
    if (item === null && !keepsNull.includes(key)) continue;
    out[key] = key === 'metadata' ? item : withoutNulls(item, []);
  }
  return out;
};

/**
 * JSON bodies, as Pin's client libraries send them: numbers may be numbers or numeric strings, and
 * a null is a parameter not given (dropNullParameters) but in the route's `keepsNull`.
 */
export const parseJson = (raw: string, keepsNull: readonly string[] = []): Fields => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('The request body must be a JSON object.');
  }
  return dropNullParameters(guardFields(parsed), keepsNull);
};
