import { PinError } from '@wattle/domain';
import { bodyLimits, forbiddenKeys } from './body-limits.ts';

/** A request's parsed fields (body or query string), on prototype-less objects. */
export type Fields = Record<string, unknown>;

export const badRequest = (description: string): PinError => new PinError('bad_request', { description });

/**
 * Copies parsed fields onto prototype-less objects, dropping prototype keys and enforcing the
 * depth, parameter and array limits, so no later code meets a surprise.
 */
export const guardFields = (fields: object): Fields => guard(fields, 0, { count: 0 }) as Fields;

const guard = (value: unknown, depth: number, seen: { count: number }): unknown => {
  if (value === null || typeof value !== 'object') return value;
  if (depth > bodyLimits.maxDepth)
    throw badRequest(`Parameters may be nested at most ${bodyLimits.maxDepth} deep.`);
  if (Array.isArray(value)) {
    if (value.length > bodyLimits.maxArrayItems) {
      throw badRequest(`An array may hold at most ${bodyLimits.maxArrayItems} items.`);
    }
    return value.map((item) => guard(item, depth + 1, seen));
  }
  const out: Fields = Object.create(null);
  for (const [key, item] of Object.entries(value)) {
    if (forbiddenKeys.has(key)) continue;
    if (++seen.count > bodyLimits.maxParameters) {
      throw badRequest(`A request may carry at most ${bodyLimits.maxParameters} parameters.`);
    }
    out[key] = guard(item, depth + 1, seen);
  }
  return out;
};
