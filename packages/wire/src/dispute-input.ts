import {
  type DisputeStatus,
  disputeStatuses,
  evidenceFieldLimit,
  evidenceTextLimit,
  type FieldIssue,
  fieldIssue,
  invalidResource,
} from '@wattle/domain';
import * as v from 'valibot';
import { phrases, validate } from './validation.ts';

/** A request's parsed fields (body or query string). */
type Fields = Record<string, unknown>;

/** The order of GET /disputes and /disputes/search. */
export const disputeOrderSchema = v.object({
  sort: v.optional(
    v.picklist(
      ['received_at', 'evidence_required_by', 'amount'],
      'must be received_at, evidence_required_by or amount',
    ),
    'received_at',
  ),
  direction: v.optional(v.picklist(['1', '-1'], 'must be 1 or -1'), '1'),
});

/** The filter of GET /disputes/search. */
export const disputeFilterSchema = v.object({
  query: v.optional(v.pipe(v.string(phrases.invalid), v.trim(), v.maxLength(255, phrases.tooLong(255))), ''),
  status: v.optional(v.picklist(disputeStatuses, `must be one of ${disputeStatuses.join(', ')}`)),
});

/** GET /disputes and /disputes/search: `sort` (received_at by default) and `direction` (1 ascending, the default, or -1). */
export const disputeOrderOf = (query: Fields) => {
  const input = validate(disputeOrderSchema, query);
  return { sort: input.sort, direction: input.direction === '1' ? (1 as const) : (-1 as const) };
};

/** GET /disputes/search: `query` (text in the dispute or its charge, or an amount) and `status`. */
export const disputeFilterOf = (query: Fields): { query: string; status: DisputeStatus | null } => {
  const input = validate(disputeFilterSchema, query);
  return { query: input.query, status: input.status ?? null };
};

const evidenceName = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * The body of PUT /disputes/{token}/evidence as the OpenAPI document shows it, from the same
 * limits `evidenceOf` checks (which lists every bad field at once, so it checks by hand).
 */
export const evidenceSchema = v.pipe(
  v.record(v.pipe(v.string(), v.regex(evidenceName)), v.pipe(v.string(), v.maxLength(evidenceTextLimit))),
  v.maxEntries(evidenceFieldLimit),
  v.description('The batch: evidence field → text, or the token of an uploaded file (`file_…`).'),
);

/**
 * PUT /disputes/{token}/evidence: the body is the batch, each field's value text (or a `file_`
 * token naming an uploaded file, kept as text). Every bad field is listed at once.
 */
export const evidenceOf = (body: Fields): Record<string, string> => {
  const entries = Object.entries(body);
  const issues: FieldIssue[] = [];
  if (entries.length > evidenceFieldLimit)
    issues.push(fieldIssue('evidence', `may name at most ${evidenceFieldLimit} fields`));
  const evidence: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (!evidenceName.test(name)) issues.push(fieldIssue(name, 'is not an evidence field name'));
    else if (typeof value !== 'string') issues.push(fieldIssue(name, 'must be text'));
    else if (value.length > evidenceTextLimit)
      issues.push(fieldIssue(name, phrases.tooLong(evidenceTextLimit)));
    else evidence[name] = value;
  }
  if (issues.length > 0) throw invalidResource(issues);
  return evidence;
};
