import { cardFieldNames } from '@wattle/wire';
import fc from 'fast-check';

/** Keys that reach an object's prototype when a parser or a merge trusts them. */
export const pollutingKeys = ['__proto__', 'constructor', 'prototype'] as const;

/** The property a polluting body tries to plant on every object. */
export const plantedProperty = 'wattlePolluted';

/** Field names Pin's endpoints read, so random bodies hit real fields often. */
const pinFields = [
  'email',
  'description',
  'amount',
  'currency',
  'ip_address',
  'capture',
  'reference',
  'metadata',
  'card',
  'card_token',
  'customer_token',
  'primary_card_token',
  ...cardFieldNames,
  'publishable_api_key',
  'first_name',
  'last_name',
  'phone_number',
  'company',
  'notes',
  'url',
  'bank_account',
  'bank_account_token',
  'bsb',
  'three_d_secure',
  'enabled',
  'callback_url',
  'fallback_ok',
  'result',
  'plan_token',
  'interval',
  'interval_unit',
  'intervals',
  'setup_amount',
  'trial_amount',
  'trial_interval',
  'trial_interval_unit',
  'customer_permissions',
  'include_setup_fee',
  'contact',
  'entity',
  'business',
  'director',
  'recipient',
  'page',
  'session_token',
];

const key = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...pinFields) },
  { weight: 2, arbitrary: fc.constantFrom(...pollutingKeys, 'hasOwnProperty', 'toString', 'valueOf') },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

/** An object with `entries` as own properties: `__proto__` included, as JSON.parse would make it. */
export const ownObject = (entries: readonly (readonly [string, unknown])[]): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
};

const awkwardStrings = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  'true',
  'null',
  '[]',
  '{}',
  '05',
  '2030',
  '4200000000000000',
  '123',
  'AUD',
  'xx',
  '\u0000',
  '\ud800',
  '<script>',
  "' OR 1=1 --",
  '%00',
  'card_unknown',
  'cus_unknown',
);

/** Long strings: past every field limit, some past the body limit (100 KiB). */
const oversized = fc.constantFrom(256, 1_001, 20_000, 120_000).map((n) => 'x'.repeat(n));

const scalar = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 3, arbitrary: awkwardStrings },
  { weight: 3, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 2 ** 53, -(2 ** 63), 1e308, 0.1, -0) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: oversized },
);

/** Any JSON value, nested a little. */
export const anyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map(ownObject),
  ),
})).value;

/** A value nested deeper than the parsers allow (5), under any key. */
const deeplyNested = fc.tuple(fc.integer({ min: 4, max: 40 }), key, anyValue).map(([depth, name, leaf]) => {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = i % 3 === 2 ? [value] : ownObject([[name, value]]);
  return value;
});

/** A body that tries to plant `plantedProperty` on Object.prototype, at the top or inside a field. */
const pollution = fc
  .tuple(fc.constantFrom('__proto__', 'constructor', 'nested'), fc.constantFrom(...pinFields))
  .map(([how, field]) => {
    const planted = ownObject([[plantedProperty, 'yes']]);
    if (how === '__proto__') return ownObject([['__proto__', planted]]);
    if (how === 'constructor') return ownObject([['constructor', ownObject([['prototype', planted]])]]);
    return ownObject([[field, ownObject([['__proto__', planted]])]]);
  });

const fieldValue = fc.oneof(
  { weight: 5, arbitrary: anyValue },
  { weight: 1, arbitrary: deeplyNested },
  { weight: 1, arbitrary: pollution },
);

/** A random object body. */
export const randomBody = fc.array(fc.tuple(key, fieldValue), { maxLength: 8 }).map(ownObject);

/**
 * A valid body changed in one way: a field missing, a field of the wrong type or size, a
 * polluting field added, or a nested field changed; the rest stays valid, so validation is
 * reached past the first check.
 */
export const mutatedBody = (base: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> => {
  const names = Object.keys(base);
  if (names.length === 0) return randomBody;
  const name = fc.constantFrom(...names);
  return fc.oneof(
    name.map((drop) => ownObject(Object.entries(base).filter(([k]) => k !== drop))),
    // One field replaced by another value.
    fc
      .tuple(name, fieldValue)
      .map(([k, v]) =>
        ownObject(Object.entries(base).map(([n, current]) => [n, n === k ? v : current] as const)),
      ),
    fc.tuple(key, fieldValue).map(([k, v]) => ownObject([...Object.entries(base), [k, v]])),
    pollution.map((polluting) => ownObject([...Object.entries(base), ...Object.entries(polluting)])),
    fc.tuple(name, fc.constantFrom(...pinFields), fieldValue).map(([k, inner, v]) => {
      const current = base[k];
      const nested = current !== null && typeof current === 'object' ? Object.entries(current) : [];
      return ownObject([
        ...Object.entries(base).filter(([n]) => n !== k),
        [k, ownObject([...nested, [inner, v]])],
      ]);
    }),
  );
};

/** Percent-encodes as a browser would, surrogates as U+FFFD (a lone one cannot be encoded). */
const encodeSafely = (text: string): string => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));

/** A form body written by hand: bracket paths of any depth, polluting segments, odd encodings. */
export const rawForm = fc
  .array(
    fc.tuple(
      fc.array(
        fc.oneof(
          fc.constantFrom(...pinFields),
          fc.constantFrom(...pollutingKeys, '', '0', '99999', plantedProperty),
        ),
        {
          minLength: 1,
          maxLength: 9,
        },
      ),
      fc.oneof(fc.string({ maxLength: 20 }), awkwardStrings),
      fc.boolean(),
    ),
    { maxLength: 8 },
  )
  .map((pairs) =>
    pairs
      .map(([path, value, encoded]) => {
        const name = `${path[0]}${path
          .slice(1)
          .map((s) => `[${s}]`)
          .join('')}`;
        return `${encoded ? encodeSafely(name) : name}=${encodeSafely(value)}`;
      })
      .join('&'),
  );

/** Bytes that are no body at all: broken JSON, another media type. */
const junk = fc.oneof(
  fc.string({ maxLength: 40 }).map((text) => ({ text, contentType: 'application/json' })),
  fc
    .constantFrom('{', '[1,2]', 'null', '"text"', '{"a":', '{"__proto__":{"wattlePolluted":"yes"}}')
    .map((text) => ({
      text,
      contentType: 'application/json',
    })),
  fc
    .tuple(
      fc.string({ maxLength: 20 }),
      fc.constantFrom(
        'text/plain',
        'application/xml',
        'multipart/form-data',
        'application/json; charset=utf-7',
      ),
    )
    .map(([text, contentType]) => ({ text, contentType })),
);

/** One request body with how it is sent. */
export type FuzzBody =
  | { encoding: 'json' | 'form'; body: Record<string, unknown> }
  | { encoding: 'raw'; body: string; contentType: string };

/** Bodies for a route whose valid body is `base` (empty when none is known). */
export const fuzzBody = (base: Record<string, unknown>): fc.Arbitrary<FuzzBody> => {
  const structured = fc.oneof(
    { weight: 3, arbitrary: mutatedBody(base) },
    { weight: 2, arbitrary: randomBody },
    { weight: 1, arbitrary: fc.constant(ownObject([])) },
  );
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom('json' as const, 'form' as const), structured)
        .map(([encoding, body]) => ({ encoding, body })),
    },
    {
      weight: 2,
      arbitrary: rawForm.map((body) => ({
        encoding: 'raw' as const,
        body,
        contentType: 'application/x-www-form-urlencoded',
      })),
    },
    {
      weight: 1,
      arbitrary: junk.map(({ text, contentType }) => ({ encoding: 'raw' as const, body: text, contentType })),
    },
  );
};
