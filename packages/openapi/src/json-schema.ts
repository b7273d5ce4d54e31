import {
  type ConversionConfig,
  type JsonSchema,
  toJsonSchema,
  toJsonSchemaDefs,
} from '@valibot/to-json-schema';
import { namedEnvelopes, namedObjects } from '@wattle/wire';
import type * as v from 'valibot';

export type { JsonSchema };

/** Every named schema, shown once under `components.schemas` and referred to by `$ref`. */
const named: Record<string, v.GenericSchema> = { ...namedObjects, ...namedEnvelopes };

/** Named schemas are components; any other the converter makes a definition of is inlined (`bare`). */
const componentRef = ({ referenceId }: { referenceId: string }) =>
  referenceId in named ? `#/components/schemas/${referenceId}` : null;

/** OpenAPI 3.1 schemas are JSON Schema 2020-12. */
const responseConfig: ConversionConfig = {
  target: 'draft-2020-12',
  definitions: named,
  overrideRef: componentRef,
};

/**
 * Requests are documented by the shape each field's checks end at (`typeMode: 'output'`): a text
 * field that also takes a JSON number as its text is text, an amount sent as digits or a JSON
 * number is a number. Checks JSON Schema cannot say (a card's Luhn digit, one-of rules) are left
 * to the 422 answer.
 */
const requestConfig: ConversionConfig = { target: 'draft-2020-12', typeMode: 'output', errorMode: 'ignore' };

/** Replaces each `$ref` to one of `defs` by the definition itself. */
const inline = (node: unknown, defs: Record<string, unknown>): unknown => {
  if (Array.isArray(node)) return node.map((item) => inline(item, defs));
  if (typeof node !== 'object' || node === null) return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/$defs/')) return inline(defs[ref.slice(8)], defs);
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(value, defs)]));
};

/** A schema as a part of the document: no `$schema` or `$defs` of its own (inlined; none recurse). */
const bare = ({ $schema: _schema, $defs: defs, ...rest }: JsonSchema): JsonSchema =>
  defs ? (inline(rest, defs) as JsonSchema) : rest;

export const requestSchema = (schema: v.GenericSchema): JsonSchema =>
  bare(toJsonSchema(schema, requestConfig));

export const responseSchema = (schema: v.GenericSchema): JsonSchema =>
  bare(toJsonSchema(schema, responseConfig));

/** `components.schemas`: every named object and envelope. */
export const componentSchemas = (): Record<string, JsonSchema> =>
  Object.fromEntries(
    Object.entries(toJsonSchemaDefs(named, { target: 'draft-2020-12', overrideRef: componentRef })).map(
      ([name, schema]) => [name, bare(schema)],
    ),
  );
