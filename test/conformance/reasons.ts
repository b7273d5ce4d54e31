import type { RecordedExchange } from './recordings.ts';
import { isObject, type Json, kindOf } from './shape.ts';

/**
 * Why an exchange's answer differs from Pin's, and the rules that give each difference found its
 * reason. `list-differences.ts` writes known-differences.ts from a run's report with them; a
 * difference no rule explains stops it, to be fixed or given a rule here.
 *
 * A reason is one of:
 * - `seed`: Wattle's contract says otherwise than Pin answered; its line is quoted;
 * - `open`: a Wattle bug, named by its item of issue 41 ("Drop-in, measured against what Pin really
 *   answers"), to be fixed;
 * - `later`: Pin answered otherwise when it was recorded again: the later recording of the same
 *   session answers as Wattle does (Pin added the field or the message since). Found by
 *   `list-differences.ts` from the report itself, not by a rule;
 * - `replay`: the recording holds what its replay cannot make (what runs of the test that were not
 *   recorded made on its account, an order the recording kept otherwise than Pin answered).
 */
export type Reason =
  | { kind: 'seed'; spec: string }
  | { kind: 'open'; item: string }
  | { kind: 'later'; why: string }
  | { kind: 'replay'; why: string };

const seed = (spec: string): Reason => ({ kind: 'seed', spec });
const open = (item: string): Reason => ({ kind: 'open', item });
const replay = (why: string): Reason => ({ kind: 'replay', why });

export const reasons = {
  seedChargeCard: seed(
    'SPEC.md:63-64 "network_type | string or null | omitted in charge-only responses of the charges API" (and network_format)',
  ),
  seedAuthorisationFees: seed(
    'SPEC.md:128-129 "total_fees | integer or null | null for a voided authorisation" (and merchant_entitlement): an authorisation not voided has its fees',
  ),
  seedAuthorisationStatus: seed(
    'SPEC.md:262 "create authorisation, or create charge with capture=false | card accepted | authorised: capturable true, voided false, expired false | status_message `Success`; reserved funds"',
  ),
  seedWebhookEndpoint: seed(
    'SPEC.md:233 "token (`whe_`), key (string, secret-like value, <WEBHOOK_KEY>), url (string), created_at, updated_at."',
  ),
  seedCardIpAddress: seed(
    'SPEC.md:373 "POST | /customers/{customer_token}/cards | card input fields, or card_token | 201: `response` card object (primary false) plus `ip_address`"',
  ),
  pinAddedSince: {
    kind: 'later',
    why: 'Pin answered otherwise then: its 2024 recording of the same session answers as Wattle does',
  },
  madeBeforeRecording: replay(
    "the recording's account held refunds that runs of the test not recorded had made: the replay's account has none yet",
  ),
  recordedOutOfOrder: replay(
    'the recording keeps the list before the charge its session made (both answered in the same second, the charge created first): replayed in its order, the list is empty',
  ),
} satisfies Record<string, Reason>;

export type ReasonName = keyof typeof reasons;

/**
 * A difference (`path: recorded vs ours`) of an exchange (by its id) that a rule explains: the
 * first rule whose `difference` matches, and whose `exchange` matches the id when it has one.
 */
export interface Rule {
  reason: Exclude<ReasonName, 'pinAddedSince'>;
  difference: RegExp;
  exchange?: RegExp;
}

export const rules: Rule[] = [
  {
    reason: 'seedChargeCard',
    difference: /^response(\[\])?(\.data)?\.card\.network_(type|format): (null|string\(text\)) vs missing$/,
  },
  { reason: 'seedAuthorisationFees', difference: /\.(total_fees|merchant_entitlement): null vs integer$/ },
  {
    reason: 'seedAuthorisationStatus',
    difference: /^response\.status_message: "Successful Authorisation" vs "Success"$/,
  },
  {
    reason: 'seedWebhookEndpoint',
    difference: /^response(\[\])?\.updated_at: missing vs string\(timestamp\)$/,
    exchange: /^webhooks\/(create|get|get_all|delete) /,
  },
  { reason: 'seedCardIpAddress', difference: /^ip_address: missing vs string\(text\)$/ },
  {
    reason: 'madeBeforeRecording',
    difference: /^response: items vs empty$/,
    exchange: /^refunds\/get_all 2020-06-02 #1$/,
  },
  {
    reason: 'recordedOutOfOrder',
    difference: /^response: items vs empty$/,
    exchange: /^get_customer_charges 2020-06-02 #2$/,
  },
];

/** A run's differences by exchange id, as WATTLE_CONFORMANCE_REPORT writes them. */
export type Report = Record<string, string[]>;

/** A session's test (its name without the day) and the year it was recorded. */
const testOf = (exchange: RecordedExchange) => exchange.session.replace(/ \d{4}-\d\d-\d\d$/, '');
const yearOf = (exchange: RecordedExchange) => Number(exchange.recordedAt.slice(0, 4));
/** What an exchange asks: its method and path, tokens by their prefix only. */
const askOf = (exchange: RecordedExchange) =>
  `${exchange.request.method} ${exchange.request.path.replace(/([a-z]{2,5})_[A-Za-z0-9_-]{22}/g, '$1')}`;

/** The values at a difference's path (`response[].card.scheme`: every item's). */
const valuesAt = (body: Json, path: string): (Json | undefined)[] => {
  let values: (Json | undefined)[] = [body];
  for (const step of path.split('.')) {
    const list = step.endsWith('[]');
    const key = list ? step.slice(0, -2) : step;
    values = values.flatMap((value) => {
      const inner = isObject(value) ? value[key] : undefined;
      return list ? (Array.isArray(inner) ? inner : []) : [inner];
    });
  }
  return values;
};

/**
 * Whether `exchange`'s difference is one Pin changed since: the same session's latest recording,
 * replayed, has the same ask at the same place in its session, answers with the same status as
 * then, and at the difference's path both differs in nothing and recorded what we answer.
 */
const answeredLater = (
  exchange: RecordedExchange,
  difference: string,
  exchanges: RecordedExchange[],
  report: Report,
): boolean => {
  const sameAsk = (other: RecordedExchange) => askOf(other) === askOf(exchange);
  const ofSession = exchanges.filter((other) => other.session === exchange.session && sameAsk(other));
  const place = ofSession.indexOf(exchange);
  const later = exchanges.filter(
    (other) => testOf(other) === testOf(exchange) && yearOf(other) > yearOf(exchange),
  );
  const latestSession = later
    .map((other) => other.session)
    .sort()
    .at(-1);
  const match = later.filter((other) => other.session === latestSession && sameAsk(other))[place];
  if (!match || match.response.status !== exchange.response.status) return false;
  const itsDifferences = report[match.id] ?? [];
  const path = difference.slice(0, difference.indexOf(': '));
  const ours = difference.slice(difference.lastIndexOf(' vs ') + ' vs '.length);
  if (itsDifferences.some((other) => other.startsWith('status:') || other.startsWith(`${path}:`)))
    return false;
  const messages = /^messages\[(.+)\]$/.exec(path);
  const recorded: (Json | undefined)[] = messages
    ? valuesAt(match.response.body, 'messages[]')
        .filter((message) => isObject(message) && message.param === messages[1])
        .map((message) => (isObject(message) ? message.message : undefined))
    : valuesAt(match.response.body, path);
  return recorded.some((value) => kindOf(value) === ours || JSON.stringify(value) === ours);
};

/** The reason of `exchange`'s `difference`: `later` when Pin answered so since, else its rule's. */
export const reasonFor = (
  exchange: RecordedExchange,
  difference: string,
  exchanges: RecordedExchange[],
  report: Report,
): ReasonName | undefined => {
  if (answeredLater(exchange, difference, exchanges, report)) return 'pinAddedSince';
  return rules.find(
    (rule) => rule.difference.test(difference) && (!rule.exchange || rule.exchange.test(exchange.id)),
  )?.reason;
};
