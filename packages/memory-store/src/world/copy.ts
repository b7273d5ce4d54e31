/** Whether JSON leaves a field out (and writes an array's item as null). */
const dropped = (value: unknown): boolean =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol';

/**
 * A record's copy, into or out of the world, so that no caller shares the world's objects: as its
 * JSON would be (undefined fields left out, as the DynamoDB store's client leaves them out; a Date
 * as its ISO text; a number that is not finite as null), made without the text in between. Every
 * read and write of a record copies it: walking the object costs a third of
 * `JSON.parse(JSON.stringify(value))` for these small records, and a sixth of structuredClone.
 */
export const copy = <T>(value: T): T => copyValue(value) as T;

const copyValue = (value: unknown): unknown => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      out[i] = dropped(item) ? null : copyValue(item);
    }
    return out;
  }
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return copyValue(toJSON.call(value));
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item: unknown = (value as Record<string, unknown>)[key];
    if (!dropped(item)) out[key] = copyValue(item);
  }
  return out;
};
