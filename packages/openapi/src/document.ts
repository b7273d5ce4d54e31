import { type AuthMode, apiRoutes, type Route, routeKey } from '@wattle/routes';
import type * as v from 'valibot';
import packageJson from '../../../package.json' with { type: 'json' };
import { curlSamples } from './code-samples.ts';
import { componentSchemas, type JsonSchema, requestSchema, responseSchema } from './json-schema.ts';
import { type Answer, type Operation, operations, requestExamples } from './operations.ts';
import type { RequestExample } from './request-examples.ts';
import { errorSamples, invalidSample, pathTokens, responseSample, sampleTokens } from './samples.ts';
import { sections } from './sections.ts';

/**
 * The OpenAPI 3.1 document of the API, generated from the route table (packages/routes), the
 * operations' request schemas (the valibot schemas the handlers validate with) and the response
 * objects (objects.ts). Nothing in it is written by hand.
 */

export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, OperationObject>>;
};

interface OperationObject {
  operationId: string;
  'x-codeSamples'?: { lang: string; label: string; source: string }[];
  summary: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}

export interface DocumentOptions {
  /** Where the stack answers, without the environment: `http://localhost:4010`; '' for the origin the document came from. */
  origin?: string;
}

const securitySchemes = {
  secretKey: {
    type: 'http',
    scheme: 'basic',
    description: "The account's secret key as the user name, no password.",
  },
  publishableKey: {
    type: 'apiKey',
    in: 'query',
    name: 'publishable_api_key',
    description:
      'The publishable key, as `publishable_api_key` in the query string (JSONP) or in the body; or as the basic-auth user name.',
  },
  partnerKey: {
    type: 'http',
    scheme: 'basic',
    description: "The partner's key as the user name, no password (/merchants only).",
  },
};

const securityOf: Record<AuthMode, Record<string, string[]>[]> = {
  secret: [{ secretKey: [] }],
  'secret-or-publishable': [{ secretKey: [] }, { publishableKey: [] }],
  'secret-or-partner': [{ secretKey: [] }, { partnerKey: [] }],
  partner: [{ partnerKey: [] }],
  none: [],
};

const errorResponse = (description: string, example: unknown) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example } },
});

/** A JSON answer, its sample made by the presenters (samples.ts). */
const json = (schema: v.GenericSchema) => ({
  'application/json': { schema: responseSchema(schema), example: responseSample(schema) },
});

/** What a JSONP route answers: the answer of the POST it stands for, as Pin.js's callback's argument. */
const jsonpSample = (route: Route, callback: unknown): string => {
  const post = operationOf({ ...route, method: 'POST' });
  const answer = post && Object.values(post.answers)[0];
  if (!answer || typeof answer === 'string')
    throw new Error(`${routeKey(route)}: no POST beside it to answer as`);
  return `${callback}(${JSON.stringify(responseSample(answer))});`;
};

const answerObject = (answer: Answer, jsonp: () => string) => {
  switch (answer) {
    case 'no-content':
      return { description: 'Done; no body.' };
    case 'count':
      return {
        description: 'No body; the number of items in X-Total-Count.',
        headers: { 'X-Total-Count': { required: true, schema: { type: 'integer', minimum: 0 } } },
      };
    case 'html':
      return { description: 'An HTML page.', content: { 'text/html': { schema: { type: 'string' } } } };
    case 'redirect':
      return {
        description: 'See other: on to the callback URL.',
        headers: { Location: { schema: { type: 'string' } } },
      };
    case 'jsonp':
      return {
        description: "The answer of the POST, as `callback(json);` (any Pin error's status is 200 too).",
        content: { 'application/javascript': { schema: { type: 'string' }, example: jsonp() } },
      };
    default:
      return { description: 'Success.', content: json(answer) };
  }
};

const pathParameters = (path: string) =>
  [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
    example: pathTokens[name!],
  }));

/** One query parameter per field; a nested object is sent with brackets (`source[number]`). */
const queryParameters = (query: v.GenericSchema | undefined, example: RequestExample) => {
  if (!query) return [];
  const schema = requestSchema(query) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const nested = property.type === 'object' || property.anyOf !== undefined;
    return {
      name,
      in: 'query',
      required: schema.required?.includes(name) ?? false,
      schema: property,
      ...(nested ? { style: 'deepObject', explode: true } : {}),
      ...(example.query?.[name] === undefined ? {} : { example: example.query[name] }),
    };
  });
};

const requestBody = (route: Route, body: v.GenericSchema, example: RequestExample) => {
  if (!example.body)
    throw new Error(`${routeKey(route)} takes a body: give it a sample in its function's operations.ts`);
  const media = { schema: requestSchema(body), example: example.body };
  return {
    required: true,
    content:
      route.body === 'multipart'
        ? { 'multipart/form-data': media }
        : { 'application/x-www-form-urlencoded': media, 'application/json': media },
  };
};

const operationId = (route: Route): string =>
  `${route.method.toLowerCase()}${route.path
    .replace(/\.json$/, '_json')
    .split(/[/_{}.]+/)
    .filter((part) => part !== '' && part !== '1')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('')}`;

const examples = requestExamples(sampleTokens);

const operationObject = (route: Route, operation: Operation, origin: string): OperationObject => {
  const example = examples[routeKey(route)] ?? {};
  const parameters = [...pathParameters(route.path), ...queryParameters(operation.query, example)];
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(operation.answers))
    responses[status] = answerObject(answer, () => jsonpSample(route, example.query?.callback));
  if (route.auth !== 'none')
    responses['401'] = errorResponse(
      'The key is missing, wrong or of the other environment.',
      errorSamples.unauthenticated,
    );
  if (parameters.some((parameter) => parameter.in === 'path')) {
    responses['404'] = errorResponse('Nothing found by that token.', errorSamples.notFound);
  }
  if (operation.body || operation.query)
    responses['422'] = errorResponse(
      'A parameter is missing or invalid: see `messages`.',
      invalidSample(operation, example),
    );
  responses.default = errorResponse("Any other failure, as Pin's error body.", errorSamples.internal);
  return {
    operationId: operationId(route),
    summary: operation.summary,
    tags: [route.fn],
    security: securityOf[route.auth],
    ...(parameters.length ? { parameters } : {}),
    ...(operation.body ? { requestBody: requestBody(route, operation.body, example) } : {}),
    responses,
    'x-codeSamples': curlSamples(route, example, { baseUrl: `${origin}/test`, pathTokens }),
  };
};

/** The documentation of a route: its entry in its function's operations.ts, or null while it has none. */
export const operationOf = (route: Route): Operation | null =>
  (operations as Record<string, Operation>)[routeKey(route)] ?? null;

/** Where the curl samples send to: the stack's origin, the local stack's default when relative. */
const samplesOrigin = (options: DocumentOptions): string => options.origin || 'http://localhost:4010';

/** The API's routes in the document's order: section by section (sections.ts), each function's in its own order. */
const documentedRoutes = (): Route[] => {
  const place = (route: Route): number => {
    const index = sections.indexOf(route.fn);
    if (index < 0) throw new Error(`${route.fn} has no place in packages/openapi/src/sections.ts`);
    return index;
  };
  return [...apiRoutes].sort((a, b) => place(a) - place(b));
};

export const buildOpenApiDocument = (options: DocumentOptions = {}): OpenApiDocument => {
  const paths: Record<string, Record<string, OperationObject>> = {};
  const documented = documentedRoutes();
  for (const route of documented) {
    const operation = operationOf(route);
    if (!operation) throw new Error(`${routeKey(route)} has no entry in its function's operations.ts`);
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operationObject(
      route,
      operation,
      samplesOrigin(options),
    );
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Wattle API',
      // The document's own version, the package's (a renderer shows it beside the title), not the URL's `/1`.
      version: packageJson.version,
      description:
        "A Pin Payments-compatible card payments API. Request bodies are form fields (`card[number]`) or JSON. Every error is Pin's body: `error`, `error_description`, and `messages` for a parameter.\n\nThe curl samples run as they are against the local stack once the README's shell variables are set (`eval \"$(npm run -s wattle -- env)\"`): `$KEY` is the merchant's test secret key, `$PK` its publishable key, `$PARTNER` the partner key. This document as JSON: [/openapi.json](/openapi.json).",
      license: { name: 'UNLICENSED', identifier: 'UNLICENSED' },
    },
    servers: [
      {
        url: `${options.origin ?? 'http://localhost:4010'}/{environment}`,
        description: 'The local stack; a deployed stack answers at its API URL.',
        variables: { environment: { default: 'test', enum: ['test', 'live'] } },
      },
    ],
    tags: [...new Set(documented.map((route) => route.fn))].map((name) => ({ name })),
    paths,
    components: { schemas: componentSchemas(), securitySchemes },
  };
};
