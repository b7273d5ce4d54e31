import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument, type OpenApiDocument } from '@wattle/openapi';

/**
 * The API's description, served by the local stack itself: `GET /openapi.json` (the generated
 * OpenAPI 3.1 document) and `GET /docs` (Redoc, from the npm package, served from here too: the
 * page works offline). The reference is a page per section, as Pin's own is a page per resource
 * (decision 207): `/docs` the introduction and the list of sections, `/docs/charges` the
 * operations of one tag; each page renders a document cut to its section, so it renders a
 * fraction of the operations.
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
const docsPage = (title: string, specUrl: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
</head>
<body>
<redoc spec-url="${specUrl}" disable-search="true" hide-download-button="true" hide-request-payload-sample="true"></redoc>
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
 * Built once (it takes a few tenths of a second), with a server URL relative to where it was
 * fetched from, so it is right whichever port or host name the stack is reached at.
 */
let built: OpenApiDocument | undefined;
const fullDocument = (): OpenApiDocument => {
  built ??= buildOpenApiDocument({ origin: '' });
  return built;
};
let document: Buffer | undefined;
const readDocument = (): Buffer => {
  document ??= Buffer.from(JSON.stringify(fullDocument(), null, 2));
  return document;
};

/** The sections of the reference: the document's tags (the functions that answer), in its order. */
const sectionsOf = (full: OpenApiDocument): string[] =>
  (full.tags as { name: string }[]).map((tag) => tag.name);

/** `webhook-endpoints` → "Webhook endpoints". */
const sectionTitle = (section: string): string => {
  const words = section.replaceAll('-', ' ');
  return words[0]!.toUpperCase() + words.slice(1);
};

/**
 * A page's document: the whole document's introduction, followed by the list of sections, and the
 * operations of `section` only (none for the introduction's page); every component stays.
 */
const pageDocuments = new Map<string, Buffer>();
const readPageDocument = (section: string | null): Buffer => {
  const key = section ?? '';
  let page = pageDocuments.get(key);
  if (!page) {
    const full = fullDocument();
    const info = full.info as { description: string };
    const links = sectionsOf(full).map((name) => `- [${sectionTitle(name)}](/docs/${name})`);
    const paths: OpenApiDocument['paths'] = {};
    for (const [path, operations] of Object.entries(full.paths)) {
      const kept = Object.entries(operations).filter(([, operation]) => operation.tags[0] === section);
      if (kept.length) paths[path] = Object.fromEntries(kept);
    }
    page = Buffer.from(
      JSON.stringify({
        ...full,
        info: { ...info, description: `${info.description}\n\n## Sections\n\n${links.join('\n')}` },
        tags: section ? [{ name: section }] : [],
        paths,
      }),
    );
    pageDocuments.set(key, page);
  }
  return page;
};

const reply = (contentType: string, body: Buffer, headers: Record<string, string> = {}): StaticReply => ({
  status: 200,
  headers: { 'content-type': contentType, 'cache-control': 'no-cache', ...headers },
  body,
});

const htmlPage = (title: string, specUrl: string): StaticReply =>
  reply('text/html; charset=utf-8', Buffer.from(docsPage(title, specUrl)), {
    'content-security-policy': contentSecurityPolicy,
  });

const json = (body: Buffer) => reply('application/json; charset=utf-8', body);

/** `/docs/charges` → charges, `/docs/charges.json` → charges too, when it is a section. */
const sectionIn = (path: string, suffix: string): string | null => {
  const match = new RegExp(`^/docs/([a-z-]+)${suffix.replace('.', '\\.')}$`).exec(path);
  return match && sectionsOf(fullDocument()).includes(match[1]!) ? match[1]! : null;
};

/** The answer to `GET path` when it is one of the API description's pages, else null. */
export const apiDocsReply = (method: string, path: string): StaticReply | null => {
  if (method !== 'GET') return null;
  switch (path) {
    case '/openapi.json':
      return json(readDocument());
    case '/docs':
      return htmlPage('Wattle API', '/docs/index.json');
    case '/docs/index.json':
      return json(readPageDocument(null));
    case redocBundlePath:
      return reply('text/javascript; charset=utf-8', readRedocBundle());
  }
  const page = sectionIn(path, '');
  if (page) return htmlPage(`${sectionTitle(page)} · Wattle API`, `/docs/${page}.json`);
  const section = sectionIn(path, '.json');
  return section ? json(readPageDocument(section)) : null;
};
