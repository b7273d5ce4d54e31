import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectors } from '@wattle/runtime/connectors';
import { describe, expect, it } from 'vitest';

/**
 * A connector is added in its own package and in the one registry
 * (packages/runtime/src/connectors.ts, and its package's dependency on the connector's package):
 * no other code of the service, its deployment or its local stack names one. Read from the code,
 * comments aside (they may give a connector as an example): an identifier with a connector's name
 * in it (`deferredAdyen`) or a string of it (`'adyen'`, `'@wattle/adyen'`, a route's
 * `/adyen/notifications`). Strings are read as written, so a bank named in the BSB directory's data
 * is not a connector.
 */
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const registry = 'packages/runtime/src/connectors.ts';
const registryPackage = 'packages/runtime/package.json';

const connectorDirs = readdirSync(join(repoRoot, 'packages')).filter((dir) => {
  try {
    const manifest = JSON.parse(readFileSync(join(repoRoot, 'packages', dir, 'package.json'), 'utf8'));
    return manifest.wattle?.connector === true;
  } catch {
    return false;
  }
});

const sourceFile = /\.(ts|mts|cts|mjs|cjs|js|json)$/;

const filesUnder = (dir: string): string[] =>
  readdirSync(join(repoRoot, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'cdk.out') return [];
    if (statSync(join(repoRoot, path)).isDirectory()) return filesUnder(path);
    return sourceFile.test(name) ? [path] : [];
  });

/** The service's code: every package but the connectors', the functions, the stack, the root's manifest and rules. */
const serviceFiles = (): string[] => [
  ...readdirSync(join(repoRoot, 'packages'))
    .filter((dir) => !connectorDirs.includes(dir))
    .flatMap((dir) => filesUnder(join('packages', dir))),
  ...filesUnder('functions'),
  ...filesUnder('infra'),
  'package.json',
  '.dependency-cruiser.cjs',
  'cdk.json',
];

/**
 * The code of `text` in two parts: what is outside strings and comments, and the strings' text
 * (a template's whole text, its substitutions included). Comments are dropped.
 */
const codeOf = (text: string): { code: string; strings: string[] } => {
  let code = '';
  const strings: string[] = [];
  let i = 0;
  while (i < text.length) {
    const two = text.slice(i, i + 2);
    if (two === '//') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (two === '/*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (text[i] === "'" || text[i] === '"' || text[i] === '`') {
      const quote = text[i];
      let j = i + 1;
      while (j < text.length && text[j] !== quote) j += text[j] === '\\' ? 2 : 1;
      strings.push(text.slice(i + 1, j));
      code += ' "" ';
      i = j + 1;
    } else {
      code += text[i];
      i++;
    }
  }
  return { code, strings };
};

/** Where a connector's name is in `text`, as file:line-free findings. */
const namings = (path: string, text: string, name: string): string[] => {
  const isJson = path.endsWith('.json');
  const { code, strings } = isJson ? { code: '', strings: codeOf(text).strings } : codeOf(text);
  const found: string[] = [];
  const inCode = code.match(new RegExp(`[\\w$]*${name}[\\w$]*`, 'gi')) ?? [];
  for (const word of inCode) found.push(`${path}: ${word}`);
  const asWord = new RegExp(`(^|[^A-Za-z0-9])${name}($|[^a-z0-9])`);
  for (const string of strings) if (asWord.test(string)) found.push(`${path}: '${string.slice(0, 80)}'`);
  return found;
};

describe('the connectors', () => {
  it('are each a package of their own, in the one registry', () => {
    expect(connectors.length).toBeGreaterThan(0);
    expect(connectorDirs.length).toBe(connectors.length);
  });

  it('are named by no file of the service outside their packages and the registry', () => {
    const registryDeps = new Set(
      connectorDirs.map(
        (dir) => JSON.parse(readFileSync(join(repoRoot, 'packages', dir, 'package.json'), 'utf8')).name,
      ),
    );
    const found = serviceFiles()
      .filter((path) => relative('.', path) !== registry)
      .flatMap((path) => {
        let text = readFileSync(join(repoRoot, path), 'utf8');
        if (path === registryPackage) {
          const manifest = JSON.parse(text);
          for (const dependency of registryDeps) delete manifest.dependencies?.[dependency];
          text = JSON.stringify(manifest);
        }
        return connectors.flatMap((connector) => namings(path, text, connector.name));
      });
    expect(found).toEqual([]);
  });

  it('are found where the code names them: the check reads identifiers and strings, not comments', () => {
    const name = (connectors[0] as { name: string }).name;
    const capital = name.charAt(0).toUpperCase() + name.slice(1);
    expect(namings('a.ts', `const deferred${capital} = 1;`, name)).toHaveLength(1);
    expect(namings('a.ts', `route('/${name}/notifications');`, name)).toHaveLength(1);
    expect(namings('a.ts', `import x from '@wattle/${name}/config';`, name)).toHaveLength(1);
    expect(namings('a.json', `{ "dependencies": { "@wattle/${name}": "1" } }`, name)).toHaveLength(1);
    expect(
      namings('a.ts', `// ${capital} does this\n/* ${name} */ const x = '${capital} Pty Ltd';`, name),
    ).toEqual([]);
  });
});
