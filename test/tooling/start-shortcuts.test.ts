import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startOwnStack } from '../helpers/stack.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

describe('npm start -- --keep-nothing, and the ready line', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wattle-keep-nothing-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps no data under its clear name, and says how long the command took to be ready', async () => {
    const spawned = performance.now();
    const stack = await startOwnStack({ dataDir, inMemory: false, args: ['--keep-nothing'] });
    const seen = (performance.now() - spawned) / 1000;
    try {
      expect(stack.output()).toMatch(/data\s+in memory: nothing is kept after you stop/);
      // local.json and the request log alone: no card key, seed, clock, database or files.
      expect(readdirSync(dataDir).filter((name) => !/^(local\.json|requests\.log)$/.test(name))).toEqual([]);
      // From the process's start (its imports, the engine's start), not from the stack's own start.
      const ready = Number(/ready in ([\d.]+) s/.exec(stack.output())?.[1]);
      expect(ready).toBeGreaterThanOrEqual(seen * 0.5 - 0.1);
      expect(ready).toBeLessThanOrEqual(seen + 0.1);
    } finally {
      await stack.stop();
    }
  });

  it('--help names it, --in-memory as the same, and how --store memory differs', () => {
    const help = spawnSync(process.execPath, ['--import', 'tsx', 'packages/local/src/main.ts', '--help'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('[--keep-nothing]');
    expect(help.stdout).toMatch(/--keep-nothing +keep no data/);
    expect(help.stdout).toMatch(/--in-memory +the same as --keep-nothing/);
    expect(help.stdout).toMatch(/--store memory replaces DynamoDB Local/);
  });
});
