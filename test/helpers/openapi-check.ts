import { buildOpenApiDocument, type OpenApiDocument } from '@wattle/openapi';
import { matchRoute } from '@wattle/routes';
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';

/**
 * Checks an answer of the API against the OpenAPI document (packages/openapi), so the document
 * cannot drift from the service: every response the e2e helpers receive goes through here. The
 * document is built once per test file and each schema compiled once, on first use.
 */

let document: OpenApiDocument | undefined;
const componentsId = 'https://wattle.local/openapi.json';
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const validators = new Map<string, ValidateFunction | null>();

const documentOnce = (): OpenApiDocument => {
  if (!document) {
    document = buildOpenApiDocument();
    ajv.addSchema({ $id: componentsId, components: document.components }, componentsId);
  }
  return document;
};

interface ResponseObject {
  content?: Record<string, { schema: unknown }>;
}

/** The document's answer for a status: its own, or `default` (Pin's error body). */
const responseOf = (operation: { responses: Record<string, unknown> }, status: number) =>
  (operation.responses[String(status)] ?? operation.responses.default) as ResponseObject | undefined;

const validatorFor = (key: string, schema: unknown): ValidateFunction => {
  let validate = validators.get(key);
  if (!validate) {
    // The component refs point into the components schema added once, not into each schema.
    const shared = JSON.parse(
      JSON.stringify(schema).replaceAll('"#/components/', `"${componentsId}#/components/`),
    );
    validate = ajv.compile(shared);
    validators.set(key, validate);
  }
  return validate;
};

const stages = new Set(['test', 'live']);

export interface CheckedResponse {
  status: number;
  contentType: string;
  /** The parsed JSON body, or the text. */
  body: unknown;
  text: string;
}

/**
 * Throws with the mismatch when an answer to `method url` breaks the document. Requests the route
 * table does not hold (the `/_local` control endpoints, unknown paths) are not checked.
 */
export const checkAgainstDocument = (method: string, url: string, response: CheckedResponse): void => {
  const [stage, ...rest] = new URL(url).pathname.split('/').slice(1);
  if (!stage || !stages.has(stage)) return;
  const match = matchRoute(method, `/${rest.join('/')}`);
  if (!match) return;
  const { path } = match.route;
  const operation = documentOnce().paths[path]?.[method.toLowerCase()];
  const where = `${method} ${path} answered ${response.status}`;
  if (!operation) throw new Error(`OpenAPI: ${method} ${path} is not in the document`);
  const documented = responseOf(operation, response.status);
  if (!documented) throw new Error(`OpenAPI: ${where}, a status the document does not give`);
  const mediaType = response.contentType.split(';')[0]!.trim();
  const content = documented.content;
  if (!content) {
    if (response.text !== '') throw new Error(`OpenAPI: ${where} with a body; the document gives none`);
    return;
  }
  const media = content[mediaType];
  if (!media) {
    throw new Error(
      `OpenAPI: ${where} with ${mediaType || 'no content type'}; the document gives ${Object.keys(content).join(', ')}`,
    );
  }
  if (mediaType !== 'application/json') return;
  const validate = validatorFor(`${method} ${path} ${response.status}`, media.schema);
  if (!validate(response.body)) {
    const problems = (validate.errors ?? [])
      .map((error) => `${error.instancePath || '(body)'} ${error.message}${paramsOf(error.params)}`)
      .join('; ');
    throw new Error(
      `OpenAPI: ${where}, a body the document does not allow: ${problems}\n${response.text.slice(0, 2000)}`,
    );
  }
};

const paramsOf = (params: Record<string, unknown>): string => {
  const named = params.additionalProperty ?? params.missingProperty ?? params.allowedValues;
  return named === undefined ? '' : ` (${JSON.stringify(named)})`;
};
