import { buildOpenApiDocument } from '@wattle/openapi';
import { describe, expect, it } from 'vitest';
import { useStack } from '../helpers/stack.ts';

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
    expect(urls).toEqual(['/openapi.json', '/docs/redoc.standalone.js']);
    expect(html).not.toMatch(/https?:\/\//);
    // The browser may not fetch from anywhere else either (Redoc's bundle names a CDN logo).
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(res.headers.get('content-security-policy')).not.toMatch(/https?:/);

    const bundle = await fetch(`${origin}/docs/redoc.standalone.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
  });

  it('answers other methods and paths beside them as before', async () => {
    expect((await fetch(`${origin}/openapi.json`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${origin}/docs/other.js`)).status).toBe(404);
  });
});
