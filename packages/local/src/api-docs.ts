import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '@wattle/openapi';

/**
 * The API's description, served by the local stack itself: `GET /openapi.json` (the generated
 * OpenAPI 3.1 document) and `GET /docs` (Redoc, from the npm package,
 * served from here too: the page works offline).
 */

export interface StaticReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const redocBundlePath = '/docs/redoc.standalone.js';

/**
 * Nothing but this stack is reached from the page: Redoc's bundle would show its logo from a
 * CDN, and the policy keeps the browser from fetching it (Redoc hides an image that fails).
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
].join('; ');

/**
 * Redoc's work cut where it does not help a reader here: no search index (built over the whole
 * document as the page opens), no download button (the document is /openapi.json, linked from
 * the page's description); no payload sample of its own, which flattens a form body's nested
 * fields (`number=…` for `card[number]=…`): the curl samples show the request, form and JSON.
 */
const docsPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Wattle API</title>
</head>
<body>
<redoc spec-url="/openapi.json" disable-search="true" hide-download-button="true" hide-request-payload-sample="true"></redoc>
<script src="${redocBundlePath}"></script>
</body>
</html>
`;

/**
 * Redoc's bundle from the npm package, or, in the installable package (which does not depend on
 * redoc), the copy its build puts beside its code.
 */
const redocBundleFile = (): string => {
  const beside = fileURLToPath(new URL('./redoc.standalone.js', import.meta.url));
  return existsSync(beside)
    ? beside
    : createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
};

let redocBundle: Buffer | undefined;
const readRedocBundle = (): Buffer => {
  redocBundle ??= readFileSync(redocBundleFile());
  return redocBundle;
};

/**
 * Built once (it takes a tenth of a second), with a server URL relative to where it was fetched
 * from, so it is right whichever port or host name the stack is reached at.
 */
let document: Buffer | undefined;
const readDocument = (): Buffer => {
  document ??= Buffer.from(JSON.stringify(buildOpenApiDocument({ origin: '' }), null, 2));
  return document;
};

const reply = (contentType: string, body: Buffer, headers: Record<string, string> = {}): StaticReply => ({
  status: 200,
  headers: { 'content-type': contentType, 'cache-control': 'no-cache', ...headers },
  body,
});

/** The answer to `GET path` when it is one of the API description's pages, else null. */
export const apiDocsReply = (method: string, path: string): StaticReply | null => {
  if (method !== 'GET') return null;
  switch (path) {
    case '/openapi.json':
      return reply('application/json; charset=utf-8', readDocument());
    case '/docs':
      return reply('text/html; charset=utf-8', Buffer.from(docsPage), {
        'content-security-policy': contentSecurityPolicy,
      });
    case redocBundlePath:
      return reply('text/javascript; charset=utf-8', readRedocBundle());
    default:
      return null;
  }
};
