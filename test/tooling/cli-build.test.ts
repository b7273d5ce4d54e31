import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCli, freshCli } from '../../packages/npm-package/cli-bundle.mjs';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const cacheDir = mkdtempSync(join(tmpdir(), 'wattle-cli-build-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

/** `npm run wattle -- ARGS` as the root's script runs it. */
const script = (
  JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts.wattle;

describe('npm run wattle', () => {
  it('runs the built CLI, not tsx compiling the sources on every start', () => {
    expect(script).toBe('node scripts/wattle.mjs');
  });

  it('is built once, and built again when a file it was built from is newer than the build', async () => {
    expect(freshCli(cacheDir)).toBeNull();
    const entry = await buildCli(cacheDir);
    expect(freshCli(cacheDir)).toBe(entry);
    const help = spawnSync(process.execPath, [entry, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Against the local stack/);

    // An edit after the build, to one of its inputs (a stand-in file: the sources stay untouched).
    const current = JSON.parse(readFileSync(join(cacheDir, 'current.json'), 'utf8')) as {
      inputs: string[];
      startedAt: number;
    };
    expect(current.inputs).toContain(join(repoRoot, 'packages/cli/src/run-cli.ts'));
    const edited = join(cacheDir, 'edited.ts');
    writeFileSync(edited, '');
    const later = new Date(current.startedAt + 1000);
    utimesSync(edited, later, later);
    writeFileSync(
      join(cacheDir, 'current.json'),
      JSON.stringify({ ...current, inputs: [...current.inputs, edited] }),
    );
    expect(freshCli(cacheDir)).toBeNull();
    // A file it was built from that is gone: built again too.
    rmSync(edited);
    expect(freshCli(cacheDir)).toBeNull();

    // Another command's build under way meanwhile (two commands started at once after an edit).
    const underWay = join(cacheDir, `${Date.now()}-1`);
    mkdirSync(underWay);
    const again = await buildCli(cacheDir);
    expect(again).not.toBe(entry);
    expect(freshCli(cacheDir)).toBe(again);
    expect(existsSync(underWay)).toBe(true);
    expect(existsSync(entry)).toBe(true);
  });
});
