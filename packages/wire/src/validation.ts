import { type FieldIssue, fieldIssue, isEmailAddress, PinError } from '@wattle/domain';
import * as v from 'valibot';

/**
 * Request validation. Each field's message is the phrase Pin puts after the parameter's name
 * ("can't be blank", "is invalid"); `fieldIssues` turns valibot's issues into Pin's
 * `messages: [{param, code, message}]`, one per parameter, all at once.
 */
export const phrases = {
  blank: "can't be blank",
  invalid: 'is invalid',
  notANumber: 'is not a number',
  tooLong: (max: number) => `is too long (maximum is ${max} characters)`,
} as const;

/** A type failure reads "can't be blank" when nothing was sent, "is invalid" otherwise. */
const blankOrInvalid = (issue: v.BaseIssue<unknown>): string =>
  issue.input === undefined || issue.input === null || issue.input === '' ? phrases.blank : phrases.invalid;

/**
 * A JSON number or boolean where text is expected, read as its text, as Pin's backend reads the
 * JSON its client libraries send (`"cvc": 519` is "519"). An integer past 2^53 lost digits when
 * the JSON was parsed (a 19-digit card number), so it stays a number and the field refuses it
 * rather than store digits nobody sent.
 */
export const jsonScalarAsText = (value: unknown): unknown => {
  if (typeof value === 'boolean') return String(value);
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  return Number.isInteger(value) && !Number.isSafeInteger(value) ? value : String(value);
};

/** Text as sent, or a JSON number or boolean as its text. */
export const jsonText = (message: v.ErrorMessage<v.StringIssue>) =>
  v.pipe(v.unknown(), v.transform(jsonScalarAsText), v.string(message));

/** A required text field: trimmed, not empty, bounded. */
export const requiredText = (maxLength = 255) =>
  v.pipe(
    jsonText(blankOrInvalid),
    v.trim(),
    v.nonEmpty(phrases.blank),
    v.maxLength(maxLength, phrases.tooLong(maxLength)),
  );

/** Text that may be null: trimmed, null read as empty, bounded. */
const trimmedOrEmpty = (maxLength: number) =>
  v.pipe(
    v.nullable(jsonText(phrases.invalid)),
    v.transform((s) => (s ?? '').trim()),
    v.maxLength(maxLength, phrases.tooLong(maxLength)),
  );

/** An optional text field: absent, null or empty all read as the empty string. */
export const optionalText = (maxLength = 255) => v.optional(trimmedOrEmpty(maxLength), '');

/**
 * A text field of an update: absent leaves the value as it is (a JSON null too: parseJson drops it
 * as a parameter not given); empty clears it.
 */
export const updatedText = (maxLength = 255) => v.optional(trimmedOrEmpty(maxLength));

/** A text field that must be sent but may be null or empty, both read as null. */
export const presentNullableText = (maxLength = 255) =>
  v.pipe(
    trimmedOrEmpty(maxLength),
    v.transform((s) => (s === '' ? null : s)),
  );

/** An optional text field that is null when absent or empty (card address_line2). */
export const nullableText = (maxLength = 255) => v.optional(presentNullableText(maxLength), null);

/** An integer sent as a JSON number or as digits in a form field. */
export const integer = (phrase: string = phrases.notANumber) =>
  v.pipe(
    v.union(
      [v.pipe(v.string(), v.trim(), v.regex(/^-?\d{1,15}$/, phrase)), v.pipe(v.number(), v.integer(phrase))],
      (issue) => (issue.input === undefined || issue.input === '' ? phrases.blank : phrase),
    ),
    v.transform((x) => Number(x)),
    // Whole already: the output shape, which the OpenAPI document shows as an integer.
    v.number(),
    v.integer(phrase),
  );

/**
 * A boolean sent as JSON true/false, or as "true"/"false" in any case (Python's `requests` writes
 * `True` and `False`) or 1/0 in a form field. Anything else is refused rather than guessed at:
 * `capture` decides whether money moves.
 */
export const booleanField = () =>
  v.pipe(
    v.union(
      [v.boolean(), v.pipe(v.string(), v.toLowerCase(), v.picklist(['true', 'false', '1', '0']))],
      phrases.invalid,
    ),
    v.transform((x) => x === true || x === 'true' || x === '1'),
  );

const emailFormat = 'is not formatted properly';

export const emailField = () =>
  v.pipe(
    v.string(blankOrInvalid),
    v.trim(),
    v.nonEmpty(phrases.blank),
    v.maxLength(254, phrases.tooLong(254)),
    v.check(isEmailAddress, emailFormat),
  );

/**
 * Pin checks an e-mail's presence and its format both, so a blank or missing `email` breaks the two
 * rules and Pin lists both messages ("Email can't be blank", "Email is not formatted properly", as
 * recorded: htdc/pinxs test/http_recordings/create_customer_with_missing_fields.json, 2018).
 */
const alsoBroken = (param: string, phrase: string): string[] =>
  phrase === phrases.blank && (param === 'email' || param.endsWith('[email]')) ? [emailFormat] : [];

/** Longer than any token Wattle makes (a prefix and 22 characters). */
const tokenLengthBound = 64;

/**
 * A token longer than any token is an unknown token and answers as one (the route's 404, or its
 * field's "is invalid, expired or has already been used"), not with a refusal of its own: it is
 * read as its first 64 characters, which no token has either, so every key it makes stays short.
 */
const boundToken = (token: string): string => token.slice(0, tokenLengthBound);

/** A resource token: any non-blank string (an unknown one is "not found" or invalid later). */
export const tokenField = () =>
  v.pipe(v.string(blankOrInvalid), v.trim(), v.nonEmpty(phrases.blank), v.transform(boundToken));

/** A token that must be sent but may be null or empty, both read as null; bounded as tokenField. */
export const presentNullableToken = () =>
  v.pipe(
    v.nullable(jsonText(phrases.invalid)),
    v.transform((s) => (s ?? '').trim()),
    v.transform((s) => (s === '' ? null : boundToken(s))),
  );

/** Pin's param naming: nested keys in brackets, `card[number]`, `customer_permissions[1]`. */
export const paramOf = (path: readonly { key: unknown }[] | undefined): string => {
  const keys = (path ?? []).map((item) => String(item.key));
  if (keys.length === 0) return 'base';
  return (
    keys[0] +
    keys
      .slice(1)
      .map((key) => `[${key}]`)
      .join('')
  );
};

const isMissingKey = (issue: v.BaseIssue<unknown>): boolean =>
  issue.kind === 'schema' &&
  issue.type === 'object' &&
  issue.input === undefined &&
  (issue.path?.length ?? 0) > 0;

/**
 * Valibot issues as Pin messages: one per parameter (the first found; a blank e-mail's two, as
 * Pin's: alsoBroken), in the order found.
 */
export const fieldIssues = (issues: readonly v.BaseIssue<unknown>[]): FieldIssue[] => {
  const byParam = new Map<string, FieldIssue[]>();
  for (const issue of issues) {
    const param = paramOf(issue.path);
    if (byParam.has(param)) continue;
    const phrase = isMissingKey(issue) ? phrases.blank : issue.message;
    byParam.set(
      param,
      [phrase, ...alsoBroken(param, phrase)].map((each) => fieldIssue(param, each)),
    );
  }
  return [...byParam.values()].flat();
};

export interface ValidationOptions {
  /** The error a failed validation answers with (invalid_resource unless the endpoint says else). */
  error?: (messages: FieldIssue[]) => PinError;
  /** Issues found beside the schema (one-of rules), reported together with the schema's. */
  also?: FieldIssue[];
}

/** Validates fields against a schema; on failure throws one Pin error listing every issue. */
export const validate = <S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  options: ValidationOptions = {},
): v.InferOutput<S> => {
  const result = v.safeParse(schema, input);
  const also = options.also ?? [];
  if (result.success && also.length === 0) return result.output;
  const found = result.success ? [] : fieldIssues(result.issues);
  const messages = [...found, ...also.filter((extra) => !found.some((issue) => issue.param === extra.param))];
  throw options.error ? options.error(messages) : new PinError('invalid_resource', { messages });
};

/** Fields where a schema fails in several places at once need the one-of checks beside it. */
export const exactlyOneOf = (fields: Record<string, unknown>, names: readonly string[]): FieldIssue[] => {
  const given = names.filter(
    (name) => fields[name] !== undefined && fields[name] !== null && fields[name] !== '',
  );
  if (given.length === 1) return [];
  if (given.length === 0)
    return [fieldIssue(names[0]!, `or ${names.slice(1).join(' or ').replace(/_/g, ' ')} must be given`)];
  return given
    .slice(1)
    .map((name) => fieldIssue(name, `cannot be given together with ${given[0]!.replace(/_/g, ' ')}`));
};
