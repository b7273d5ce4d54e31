import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildOpenApiDocument } from './document.ts';

/**
 * `npm run openapi [-- <file>]`: writes the document (default `openapi.json` at the repository
 * root, git-ignored: it is generated) for client generators, its server the local stack.
 */
const target = resolve(process.argv[2] ?? 'openapi.json');
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`Wrote ${target}`);
