import { readFileSync } from 'node:fs';
import { buildOpenApiDocument, operationOf } from '@wattle/openapi';
import { apiRoutes, type Route, routeKey } from '@wattle/routes';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { checkAgainstDocument } from '../helpers/openapi-check.ts';

const document = buildOpenApiDocument();
// biome-ignore lint/suspicious/noExplicitAny: the document is read loosely here, its shape asserted on
type Loose = Record<string, any>;
const operation = (route: Route) =>
  document.paths[route.path]![route.method.toLowerCase()] as unknown as Loose;
const jsonAnswers = (route: Route) =>
  Object.entries(operation(route).responses as Record<string, Loose>).filter(
    ([, answer]) => answer.content?.['application/json'],
  );

/** The route's path with each parameter the sample token the document gives it. */
const samplePath = (route: Route): string =>
  route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = (operation(route).parameters as Loose[]).find((p) => p.name === name);
    return parameter?.example as string;
  });

describe("the OpenAPI document's samples", () => {
  it('gives every JSON answer of every operation, errors too, a sample its own response schema takes', () => {
    let checked = 0;
    for (const route of apiRoutes) {
      for (const [status, answer] of jsonAnswers(route)) {
        const example = answer.content['application/json'].example;
        expect(example, `${routeKey(route)} ${status}`).toBeDefined();
        // The check every e2e answer goes through, with the sample as the body.
        checkAgainstDocument(route.method, `http://localhost/test${samplePath(route)}`, {
          status: status === 'default' ? 500 : Number(status),
          contentType: 'application/json; charset=utf-8',
          body: example,
          text: JSON.stringify(example),
        });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(400);
  });

  it('shows realistic values from the presenters, not the schema types', () => {
    const charge = operation({ method: 'GET', path: '/1/charges/{charge_token}' } as Route).responses['200']
      .content['application/json'].example.response;
    expect(charge).toMatchObject({
      token: 'ch_lfUYEBK14zotCTykezJkfg',
      success: true,
      amount: 4000,
      currency: 'AUD',
      description: 'Birthday present',
      email: 'roland@example.com',
      status_message: 'Success',
      captured: true,
      // The fees and the merchant's share as the domain computes them (1.75% + 30c of $40.00).
      total_fees: 100,
      merchant_entitlement: 3900,
      card: { scheme: 'master', display_number: 'XXXX-XXXX-XXXX-0000', name: 'Roland Robot' },
    });
    const token = operation({ method: 'POST', path: '/1/cards' } as Route).responses['201'].content[
      'application/json'
    ].example;
    expect(JSON.stringify(token)).not.toMatch(/"string"/);
    expect(token.response.token).toMatch(/^card_[\w-]{22}$/);
    expect(token.response).toMatchObject({ customer_token: null, primary: null });
    // A JSONP route answers its POST's answer as Pin.js's callback's argument.
    const jsonp = operation({ method: 'GET', path: '/1/cards' } as Route).responses['200'].content[
      'application/javascript'
    ].example;
    expect(jsonp).toBe(`handleResponse(${JSON.stringify(token)});`);
    // The 422 as the API's validation answers the sample with its first field left out.
    expect(
      operation({ method: 'POST', path: '/1/plans' } as Route).responses['422'].content['application/json']
        .example,
    ).toEqual({
      error: 'invalid_resource',
      error_description: 'One or more parameters were missing or invalid',
      messages: [{ param: 'name', code: 'name_invalid', message: "Name can't be blank" }],
    });
  });

  it('gives every body a sample, as form fields and as JSON, that the API itself accepts', () => {
    let checked = 0;
    for (const route of apiRoutes) {
      const body = operationOf(route)?.body;
      if (!body) continue;
      const content = operation(route).requestBody.content as Loose;
      const media = Object.values(content);
      expect(media.length, routeKey(route)).toBeGreaterThan(0);
      for (const { example } of media) {
        expect(example, routeKey(route)).toBeDefined();
        const parsed = v.safeParse(body, example);
        expect(
          parsed.issues?.map((issue) => issue.message),
          routeKey(route),
        ).toBeUndefined();
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('gives every operation a curl sample with the test key and the local base URL, form and JSON', () => {
    for (const route of apiRoutes) {
      const samples = operation(route)['x-codeSamples'] as { lang: string; label: string; source: string }[];
      expect(samples.length, routeKey(route)).toBeGreaterThan(0);
      for (const sample of samples) {
        expect(sample.source, routeKey(route)).toMatch(/^curl .*http:\/\/localhost:4010\/test\/1\//);
      }
      const content = operation(route).requestBody?.content as Loose | undefined;
      if (content?.['application/json'])
        expect(
          samples.map((sample) => sample.label),
          routeKey(route),
        ).toEqual(['curl (form)', 'curl (JSON)']);
    }
    const [form, json] = operation({ method: 'POST', path: '/1/charges' } as Route)['x-codeSamples'];
    expect(form.source).toContain('-u "$KEY:"');
    expect(form.source).toContain("-d 'card[number]=5520000000000000'");
    expect(json.source).toContain("-H 'Content-Type: application/json'");
    expect(operation({ method: 'GET', path: '/1/merchants' } as Route)['x-codeSamples'][0].source).toContain(
      '-u "$PARTNER:"',
    );
  });

  it('is titled "Wattle API", its version that of the package, not the URL\'s `1`', () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(document.info).toMatchObject({ title: 'Wattle API', version });
  });
});
