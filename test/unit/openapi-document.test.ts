import { buildOpenApiDocument, operationOf } from '@wattle/openapi';
import { apiRoutes, routeKey, routes } from '@wattle/routes';
import { describe, expect, it } from 'vitest';

const document = buildOpenApiDocument();
// biome-ignore lint/suspicious/noExplicitAny: the document is read loosely here, its shape asserted on
type Loose = Record<string, any>;
const operation = (method: string, path: string) =>
  document.paths[path]?.[method.toLowerCase()] as unknown as Loose;

describe('the OpenAPI document', () => {
  it("documents every route of Pin's API in the table with its success answers, and no other", () => {
    const undocumented = apiRoutes.filter((route) => operationOf(route) === null).map(routeKey);
    expect(undocumented).toEqual([]);
    // The processor's notifications are the processor's, not a merchant's.
    expect(routes.filter((route) => !apiRoutes.includes(route)).map(routeKey)).toEqual([
      'POST /processors/{account}/notifications',
      'POST /{account}/notifications',
    ]);
    expect(document.paths['/processors/{account}/notifications']).toBeUndefined();
    expect(document.paths['/{account}/notifications']).toBeUndefined();
    for (const route of apiRoutes) {
      const responses = Object.keys(operation(route.method, route.path).responses);
      expect(
        responses.filter((status) => /^[23]/.test(status)),
        routeKey(route),
      ).not.toEqual([]);
    }
  });

  it('takes every request body as form fields and as JSON', () => {
    const body = operation('POST', '/1/charges').requestBody.content;
    expect(Object.keys(body)).toEqual(['application/x-www-form-urlencoded', 'application/json']);
    expect(body['application/json'].schema.required).toEqual([
      'email',
      'description',
      'amount',
      'ip_address',
    ]);
    expect(body['application/json'].schema.properties.card.properties.number.type).toBe('string');
  });

  it('takes an upload (POST /files) as multipart/form-data only, its file a part of bytes', () => {
    const body = operation('POST', '/1/files').requestBody.content;
    expect(Object.keys(body)).toEqual(['multipart/form-data']);
    const { schema } = body['multipart/form-data'];
    expect(schema.required).toEqual(['purpose', 'file']);
    expect(schema.properties.purpose.enum).toEqual(['dispute_evidence']);
    expect(schema.properties.file).toMatchObject({
      type: 'string',
      contentMediaType: 'application/octet-stream',
    });
    expect(Object.keys(operation('POST', '/1/files').responses)).toContain('200');
  });

  it('answers HEAD /disputes with the count in X-Total-Count and no body', () => {
    const counted = operation('HEAD', '/1/disputes').responses['200'];
    expect(counted.content).toBeUndefined();
    expect(counted.headers['X-Total-Count']).toEqual({
      required: true,
      schema: { type: 'integer', minimum: 0 },
    });
  });

  it('gives each list its pagination shape (SPEC.md) and `page`', () => {
    const listSchema = (path: string) =>
      operation('GET', path).responses['200'].content['application/json'].schema;
    expect(listSchema('/1/charges').properties.pagination).toEqual({
      $ref: '#/components/schemas/FullPagination',
    });
    expect(listSchema('/1/charges').required).toContain('count');
    expect(listSchema('/1/plans').properties.pagination).toEqual({
      $ref: '#/components/schemas/ShortPagination',
    });
    expect(listSchema('/1/plans').properties.count).toBeUndefined();
    expect(listSchema('/1/subscriptions').required).toContain('count');
    expect(listSchema('/1/charges').properties.response.items).toEqual({
      $ref: '#/components/schemas/Charge',
    });
    expect(operation('GET', '/1/charges').parameters.map((p: { name: string }) => p.name)).toEqual(['page']);
  });

  it("answers Pin's error bodies, the 422 with its messages", () => {
    const create = operation('POST', '/1/charges');
    expect(create.responses['422'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(create.responses.default).toBeDefined();
    const error = document.components as { schemas: Loose };
    expect(error.schemas.Error.required).toEqual(['error', 'error_description']);
    expect(error.schemas.FieldMessage.required).toEqual(['param', 'message']);
    expect(operation('DELETE', '/1/customers/{customer_token}').responses['204']).toEqual({
      description: 'Done; no body.',
    });
  });

  it('names the key each route takes', () => {
    expect(operation('GET', '/1/charges').security).toEqual([{ secretKey: [] }]);
    expect(operation('POST', '/1/cards').security).toEqual([{ secretKey: [] }, { publishableKey: [] }]);
    expect(operation('GET', '/1/merchants').security).toEqual([{ partnerKey: [] }]);
    expect(operation('GET', '/1/three_d_secure/{session_token}').security).toEqual([]);
  });

  it('documents path parameters and the search query', () => {
    expect(operation('GET', '/1/charges/{charge_token}').parameters).toEqual([
      {
        name: 'charge_token',
        in: 'path',
        required: true,
        schema: { type: 'string' },
        example: 'ch_lfUYEBK14zotCTykezJkfg',
      },
    ]);
    const search = operation('GET', '/1/charges/search').parameters.map((p: { name: string }) => p.name);
    expect(search).toEqual(['query', 'start_date', 'end_date', 'sort', 'direction', 'page']);
    const disputes = operation('GET', '/1/disputes/search').parameters.map((p: { name: string }) => p.name);
    expect(disputes).toEqual(['query', 'status', 'sort', 'direction', 'page']);
  });
});
