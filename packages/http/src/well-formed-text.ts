import { type FieldIssue, fieldIssue, invalidResource } from '@wattle/domain';
import { paramOf } from '@wattle/wire';
import type { Fields } from './fields.ts';

const phrase = 'is not well-formed Unicode text (it holds an unpaired surrogate)';

const issueAt = (path: readonly string[]): FieldIssue =>
  fieldIssue(paramOf(path.map((key) => ({ key }))), phrase);

/**
 * The parameters (Pin's names, a bad key shown with U+FFFD) whose key or text is ill-formed. A
 * field's path is only made for a group to go into or a field to name: every field of every
 * request comes through here, and nearly all of them are well-formed text.
 */
const collect = (value: unknown, path: readonly string[], issues: FieldIssue[]): void => {
  if (typeof value === 'string') {
    if (!value.isWellFormed()) issues.push(issueAt(path));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const fields = value as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const item = fields[key];
    if (!key.isWellFormed()) issues.push(issueAt([...path, key.toWellFormed()]));
    else if (typeof item === 'string') {
      if (!item.isWellFormed()) issues.push(issueAt([...path, key]));
    } else if (item !== null && typeof item === 'object') collect(item, [...path, key], issues);
  }
};

/**
 * Refuses a request whose text, anywhere in its body or query string (a description, a plan's
 * name, metadata keys and values, evidence), is not well-formed Unicode: a lone surrogate (JSON's
 * `"\ud83d"`) has no UTF-8 form, so DynamoDB, S3's signer and every client reading it back would
 * each fail on it their own way. One 422 naming every such field, before any route reads them.
 */
export const refuseIllFormedText = (...sources: Fields[]): void => {
  const issues: FieldIssue[] = [];
  for (const fields of sources) collect(fields, [], issues);
  if (issues.length === 0) return;
  // A JSONP request's fields are its query's: each parameter named once.
  throw invalidResource([...new Map(issues.map((issue) => [issue.param, issue])).values()]);
};
