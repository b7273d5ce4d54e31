import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { buildOpenApiDocument } from '@wattle/openapi';
import { describe, expect, it } from 'vitest';
import { hangNet } from '../helpers/hang-net.ts';
import { newMerchant, useStack } from '../helpers/stack.ts';

const stack = useStack();
const origin = `http://localhost:${stack.port}`;

describe('the API description on the local stack', () => {
  it('serves the generated OpenAPI document at /openapi.json, its server this stack', async () => {
    const res = await fetch(`${origin}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const served = (await res.json()) as { openapi: string; servers: { url: string }[] };
    expect(served).toEqual(buildOpenApiDocument({ origin: '' }));
    expect(served.openapi).toBe('3.1.0');
    expect(served.servers[0]?.url).toBe('/{environment}');
  });

  it('renders it at /docs with a bundled renderer: the page reaches nothing but this stack', async () => {
    const res = await fetch(`${origin}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    const urls = [...html.matchAll(/(?:src|href|spec-url)="([^"]*)"/g)].map(([, url]) => url);
    expect(urls).toEqual(['/docs/index.json', '/docs/redoc.standalone.js']);
    expect(html).not.toMatch(/https?:\/\//);
    // The browser may not fetch from anywhere else either (Redoc's bundle names a CDN logo).
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(res.headers.get('content-security-policy')).not.toMatch(/https?:/);

    const bundle = await fetch(`${origin}/docs/redoc.standalone.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
  });

  it('renders a page per section, each a document cut to its operations, the introduction listing them', async () => {
    const full = buildOpenApiDocument({ origin: '' });
    const index = (await (await fetch(`${origin}/docs/index.json`)).json()) as typeof full;
    expect(index.paths).toEqual({});
    expect(index.components).toEqual(full.components);
    const { description } = index.info as { description: string };
    expect(description).toContain('[Charges](/docs/charges)');
    expect(description).toContain('[Webhook endpoints](/docs/webhook-endpoints)');

    const page = await fetch(`${origin}/docs/charges`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    const html = await page.text();
    expect(html).toContain('<title>Charges · Wattle API</title>');
    expect(html).toContain('spec-url="/docs/charges.json"');
    const charges = (await (await fetch(`${origin}/docs/charges.json`)).json()) as typeof full;
    expect(charges.paths['/1/charges']).toEqual(full.paths['/1/charges']);
    expect(charges.paths['/1/customers']).toBeUndefined();
    // Every operation is on the page of its section.
    const sections = (full.tags as { name: string }[]).map((tag) => tag.name);
    let operations = 0;
    for (const section of sections) {
      const cut = (await (await fetch(`${origin}/docs/${section}.json`)).json()) as typeof full;
      operations += Object.values(cut.paths).flatMap((path) => Object.keys(path)).length;
    }
    expect(operations).toBe(Object.values(full.paths).flatMap((path) => Object.keys(path)).length);
    expect((await fetch(`${origin}/docs/nothing`)).status).toBe(404);
  });

  it('answers other methods and paths beside them as before', async () => {
    expect((await fetch(`${origin}/openapi.json`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${origin}/docs/other.js`)).status).toBe(404);
  });
});

describe("the document's curl samples, run as they are against the stack", () => {
  const document = buildOpenApiDocument({ origin: '' });
  // biome-ignore lint/suspicious/noExplicitAny: read loosely, asserted on
  const operation = (method: string, path: string) => document.paths[path]![method] as any;

  /**
   * Runs a sample with bash, the README's shell variables set, against this stack's port (not
   * blocking this process meanwhile: its idle connections to the stack must see the stack close them).
   */
  const run = async (source: string, merchant: Awaited<ReturnType<typeof newMerchant>>) => {
    const script = `${source.replaceAll('http://localhost:4010/test', merchant.test.baseUrl)} \\\n  -s -w '\\n%{http_code}'`;
    const done = await promisify(execFile)('bash', ['-c', script], {
      encoding: 'utf8',
      env: { ...process.env, KEY: merchant.test.secretKey, PK: merchant.test.publishableKey },
      timeout: hangNet(15_000),
    });
    const lines = done.stdout.trimEnd().split('\n');
    return { status: Number(lines.pop()), body: lines.join('\n') };
  };

  it.each([
    ['post', '/1/cards'],
    ['get', '/1/cards'],
    ['post', '/1/charges'],
    ['post', '/1/customers'],
    ['post', '/1/bank_accounts'],
    ['post', '/1/recipients'],
    ['post', '/1/plans'],
    ['get', '/1/charges'],
    ['get', '/1/balance'],
  ])('%s %s answers its documented status, form and JSON', async (method, path) => {
    const documented = operation(method, path);
    const status = Number(Object.keys(documented.responses).find((code) => /^2/.test(code)));
    const samples = documented['x-codeSamples'] as { label: string; source: string }[];
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) {
      // A merchant each: a plan's name is the merchant's once.
      const answer = await run(sample.source, await newMerchant(stack, 'Docs Samples'));
      expect(answer.status, `${sample.label}: ${answer.body}`).toBe(status);
    }
  });
});
