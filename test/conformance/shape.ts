/**
 * Two answers compared in shape, not in values (issue 41): the status; keys missing or extra at
 * every depth; JSON types (`null` against `""`, an integer against a string); string formats
 * (a token's prefix and length, a timestamp's form, a masked number); and the values that are
 * behaviour rather than data (error codes and texts, `messages[]` by param, status messages,
 * states). Everything else (amounts, names, tokens' letters, times) may differ.
 *
 * Each difference is one line, `path: recorded vs ours`, so a list of them can be written down,
 * read and compared: `response.card.address_state: null vs string(text)`.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface Answer {
  status: number;
  /** The parsed JSON body; null when there is none (a 204). */
  body: Json;
}

/** Keys whose value is behaviour, compared exactly wherever they appear. */
const behaviouralKeys = new Set([
  'error',
  'error_description',
  'status_message',
  'error_message',
  'state',
  'status',
  'success',
  'captured',
  'authorisation_voided',
  'authorisation_expired',
  'refund_pending',
  'kyc_status',
  'scheme',
  'network_type',
  'network_format',
]);

export const isObject = (value: Json | undefined): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Pin's token prefixes (packages/domain/src/ids.ts's list): a string is read as a token only
 * with one of them, as a random key may well start with lower-case letters and `_`.
 */
const tokenPrefixes = 'auth|ch|card|ps|cus|rf|rp|tfer|ba|dpo|dis|file|apmd|plan|sub|mrch|se|whe|whr|evt';
const tokenForm = new RegExp(`^(${tokenPrefixes})_([A-Za-z0-9_-]{8,})$`);

/** A string's form: what a client may parse or check in it. */
export const formatOf = (text: string): string => {
  if (text === '') return 'empty';
  const token = tokenForm.exec(text);
  if (token) return `token ${token[1]}_+${(token[2] as string).length}`;
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(text)) return 'timestamp';
  if (/^\d{4}-\d\d-\d\dT/.test(text)) return `timestamp(${text.replace(/\d/g, '9')})`;
  if (/^\d{4}-\d\d-\d\d$/.test(text)) return 'date';
  if (/^[X-]+\d+$/.test(text)) return `masked ${text.replace(/\d/g, '9')}`;
  if (/^[A-Za-z0-9_-]{20,}$/.test(text)) return `opaque(${text.length})`;
  if (/^https?:\/\//.test(text)) return 'url';
  if (/^[^\s@]+@[^\s@]+$/.test(text)) return 'email';
  return 'text';
};

/** A value's kind: its JSON type, an integer told from a fraction, a string by its form. */
export const kindOf = (value: Json | undefined): string => {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string') return `string(${formatOf(value)})`;
  return typeof value;
};

const baseKind = (value: Json | undefined): string => kindOf(value).replace(/\(.*$/, '');

const show = (value: Json | undefined): string => (value === undefined ? 'missing' : JSON.stringify(value));

const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

/** Values that make list items of different kinds: an event's type, a charge captured or not… */
const itemKinds = ['type', 'captured', 'success', 'status', 'state'];

const sameItemKind = (a: Json, b: Json): boolean =>
  !isObject(a) || !isObject(b) || itemKinds.every((key) => !(key in a) || !(key in b) || a[key] === b[key]);

/**
 * The recorded item an item of ours is compared with: of the recorded items of its kind (an
 * event of the same type, a charge captured or not as ours), the one it differs from least. None
 * when the recording has no item of its kind: a list holds what its account did, so an item of ours
 * may have nothing recorded to be compared with.
 */
const templateFor = (item: Json, recorded: Json[]): Json | undefined => {
  let best: { template: Json; count: number } | undefined;
  for (const template of recorded.filter((candidate) => sameItemKind(candidate, item))) {
    const out: string[] = [];
    compareValue('', '', template, item, out, true);
    if (!best || out.length < best.count) best = { template, count: out.length };
  }
  return best?.template;
};

/**
 * `messages[]` compared by param: a message of the same param, code and text is the same message;
 * of those left, one of the same param is compared code and text, any other is missing or extra
 * (a param may have several: Pin gives an empty e-mail both "can't be blank" and "not formatted").
 */
const compareMessages = (path: string, recorded: Json[], ours: Json[], out: string[]): void => {
  const same = (a: { [key: string]: Json }, b: { [key: string]: Json }) =>
    a.param === b.param && a.code === b.code && a.message === b.message;
  const left = ours.filter(isObject);
  const unmatched: { [key: string]: Json }[] = [];
  for (const message of recorded.filter(isObject)) {
    const index = left.findIndex((mine) => same(message, mine));
    if (index === -1) unmatched.push(message);
    else left.splice(index, 1);
  }
  for (const message of unmatched) {
    const param = String(message.param);
    const index = left.findIndex((mine) => mine.param === message.param);
    if (index === -1) {
      out.push(`${path}[${param}]: ${show(message.message)} vs missing`);
      continue;
    }
    const [mine] = left.splice(index, 1) as [{ [key: string]: Json }];
    for (const key of ['code', 'message']) {
      if (message[key] !== mine[key])
        out.push(`${path}[${param}].${key}: ${show(message[key])} vs ${show(mine[key])}`);
    }
  }
  for (const mine of left) out.push(`${path}[${String(mine.param)}]: missing vs ${show(mine.message)}`);
};

/** A list's neighbouring pages: a number or null by how many items the account holds. */
const pageLinks = new Set(['next', 'previous']);

/**
 * Compares one value. In a list's item (`inList`) the behavioural values are an other item's data
 * (a recorded charge's scheme is not ours), so only the kinds are compared there.
 */
const compareValue = (
  path: string,
  key: string,
  recorded: Json | undefined,
  ours: Json | undefined,
  out: string[],
  inList = false,
): void => {
  if (key === 'messages' && Array.isArray(recorded) && Array.isArray(ours)) {
    compareMessages(path, recorded, ours, out);
    return;
  }
  const recordedKind = kindOf(recorded);
  const ourKind = kindOf(ours);
  if (pageLinks.has(key) && [recordedKind, ourKind].every((kind) => kind === 'integer' || kind === 'null'))
    return;
  if (
    !inList &&
    behaviouralKeys.has(key) &&
    recorded !== undefined &&
    ours !== undefined &&
    !isObject(recorded) &&
    !Array.isArray(recorded)
  ) {
    if (recorded !== ours) out.push(`${path}: ${show(recorded)} vs ${show(ours)}`);
    return;
  }
  if (recordedKind !== ourKind) {
    out.push(`${path}: ${recordedKind} vs ${ourKind}`);
    return;
  }
  if (isObject(recorded) && isObject(ours)) {
    compareObjects(path, recorded, ours, out, inList);
    return;
  }
  if (Array.isArray(recorded) && Array.isArray(ours)) compareArrays(path, recorded, ours, out);
};

const compareObjects = (
  path: string,
  recorded: { [key: string]: Json },
  ours: { [key: string]: Json },
  out: string[],
  inList: boolean,
) => {
  for (const key of Object.keys(recorded))
    compareValue(join(path, key), key, recorded[key], ours[key], out, inList);
  for (const key of Object.keys(ours)) {
    if (!(key in recorded)) out.push(`${join(path, key)}: missing vs ${kindOf(ours[key])}`);
  }
};

const compareArrays = (path: string, recorded: Json[], ours: Json[], out: string[]) => {
  if (recorded.length === 0 || ours.length === 0) {
    if (recorded.length !== ours.length) {
      out.push(
        `${path}: ${recorded.length === 0 ? 'empty' : 'items'} vs ${ours.length === 0 ? 'empty' : 'items'}`,
      );
    }
    return;
  }
  const itemPath = `${path}[]`;
  for (const item of ours) {
    const template = templateFor(item, recorded);
    if (template !== undefined) compareValue(itemPath, '', template, item, out, true);
  }
};

/**
 * The differences between a recorded answer and ours, in a stable order without repeats. An answer
 * of another status is one difference, naming our error and the params of its messages, not a
 * cascade of keys: a success and a refusal have nothing else to compare.
 */
export const shapeDifferences = (recorded: Answer, ours: Answer): string[] => {
  const out: string[] = [];
  if (recorded.status !== ours.status) {
    const error = isObject(ours.body) && typeof ours.body.error === 'string' ? ` ${ours.body.error}` : '';
    const messages =
      isObject(ours.body) && Array.isArray(ours.body.messages)
        ? ` (${ours.body.messages
            .filter(isObject)
            .map((message) => String(message.param))
            .join(', ')})`
        : '';
    return [`status: ${recorded.status} vs ${ours.status}${error}${messages}`];
  }
  if (baseKind(recorded.body) !== baseKind(ours.body)) {
    return [`body: ${baseKind(recorded.body)} vs ${baseKind(ours.body)}`];
  }
  compareValue('', '', recorded.body, ours.body, out);
  return [...new Set(out)];
};
