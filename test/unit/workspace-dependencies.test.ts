import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every workspace declares in its package.json the workspace packages it imports, and only those:
 * the dependency graph npm knows is the one the code has (the house rules in .dependency-cruiser.cjs
 * say which of them are allowed).
 */
const root = join(import.meta.dirname, '../..');

const workspaces = (): string[] =>
  ['packages', 'functions']
    .flatMap((group) => readdirSync(join(root, group)).map((name) => join(group, name)))
    .concat('infra')
    .filter((dir) => statSync(join(root, dir)).isDirectory());

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });

const imported = (dir: string): string[] => {
  const names = new Set<string>();
  for (const file of sources(join(root, dir))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/from '(@wattle\/[a-z-]+)[^']*'/g)) {
      names.add(match[1]!);
    }
  }
  return [...names].sort();
};

describe('workspace dependencies', () => {
  for (const dir of workspaces()) {
    it(`${dir} declares exactly the workspace packages it imports`, () => {
      const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
      const own = manifest.name as string;
      const declared = Object.keys(manifest.dependencies ?? {})
        .filter((name) => name.startsWith('@wattle/'))
        .sort();
      expect(declared).toEqual(imported(dir).filter((name) => name !== own));
    });
  }
});
