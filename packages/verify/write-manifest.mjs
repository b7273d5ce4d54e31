// The package as it ships: dist/ holds the built JS, its types, this README and a manifest whose
// exports name the JS (in the workspace they name the TypeScript source). `npm pack dist` packs it.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const { scripts: _scripts, ...shipped } = manifest;
shipped.exports = { '.': { types: './index.d.ts', default: './index.js' } };
shipped.engines = { node: '>=18' };
writeFileSync('dist/package.json', `${JSON.stringify(shipped, null, 2)}\n`);
copyFileSync('README.md', 'dist/README.md');
