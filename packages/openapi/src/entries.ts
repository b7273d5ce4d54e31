import * as v from 'valibot';

type Entries = Record<string, v.GenericSchema>;

/**
 * The fields of an object schema, looking through its pipe; of a union or variant of objects,
 * each field as the union of what the options take for it. A JSONP request carries a body's
 * fields in its query string, one parameter each.
 */
export const entriesOf = (schema: v.GenericSchema): Entries => {
  if ('pipe' in schema && Array.isArray(schema.pipe) && schema.pipe[0] !== schema) {
    return entriesOf(schema.pipe[0] as v.GenericSchema);
  }
  if (schema.type === 'object' && 'entries' in schema) return schema.entries as Entries;
  if ((schema.type === 'variant' || schema.type === 'union') && 'options' in schema) {
    const merged: Record<string, v.GenericSchema[]> = {};
    for (const option of schema.options as v.GenericSchema[]) {
      for (const [key, entry] of Object.entries(entriesOf(option)))
        merged[key] = [...(merged[key] ?? []), entry];
    }
    return Object.fromEntries(
      Object.entries(merged).map(([key, options]) => [
        key,
        options.length === 1 ? options[0]! : v.union(options),
      ]),
    );
  }
  throw new Error(`No fields in a ${schema.type} schema`);
};
