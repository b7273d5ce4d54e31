/** Each scalar of `value` as `[path, text]`, nested fields by dots and list items by index. */
const fieldsOf = (value: unknown, path: string): [string, string][] => {
  if (Array.isArray(value)) {
    if (value.length === 0) return [[path, '(none)']];
    return value.flatMap((item, index) => fieldsOf(item, `${path}[${index}]`));
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return [[path, '(none)']];
    return entries.flatMap(([key, inner]) => fieldsOf(inner, path ? `${path}.${key}` : key));
  }
  return [[path, value === null ? '-' : String(value)]];
};

/**
 * A Pin object as text: a line per field, `card.brand  visa`, names padded to one column (the
 * balance: `available[0].amount  1000`), for the commands that print one object.
 */
export const objectText = (value: unknown): string => {
  const fields = fieldsOf(value, '');
  const width = Math.max(...fields.map(([path]) => path.length));
  return fields.map(([path, text]) => `${path.padEnd(width)}  ${text}`).join('\n');
};
