import { readFileSync } from 'node:fs';
import { functionAccess, functionNames, routes } from '@wattle/routes';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../../scripts/write-registry.ts';

const repoRoot = new URL('../../', import.meta.url);

describe('the generated registry', () => {
  it('is what `npm run registry` writes from the function folders now', async () => {
    for (const [path, text] of Object.entries(await generatedFiles())) {
      const written = readFileSync(new URL(path, repoRoot), 'utf8');
      expect(written, `${path} is not what the function folders make: run \`npm run registry\``).toBe(text);
    }
  });

  it("holds each function's own routes and access, as its folder exports them", async () => {
    for (const fn of functionNames) {
      const edge = (await import(`../../functions/${fn}/src/routes.ts`)) as {
        routes: readonly unknown[];
        access: unknown;
      };
      expect(routes.filter((route) => route.fn === fn)).toEqual(edge.routes);
      expect(functionAccess[fn]).toEqual(edge.access);
    }
  });
});
