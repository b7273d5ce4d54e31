/**
 * `npm run bench:cli`: how long `npm run wattle` takes to answer, as a person waits for it: the
 * whole process's wall time, from its start to its exit, of `--help`, a mistyped command and an
 * API command (a page of charges from a memory-engine stack started here), each the median of
 * `--runs` runs after two that are not counted, against issue 40's targets (0.2 s, 0.2 s, 0.3 s).
 * The CLI runs as the root's script runs it (node scripts/wattle.mjs: the launcher, its freshness
 * check and the built CLI); `npm run` itself adds npm's own start, shown apart, and so does
 * Node's own (`node -e 0`), which a busy machine slows most.
 *
 *   npm run bench:cli
 *   npm run bench:cli -- --runs 30
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './load.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const runs = Number(values.runs);
const root = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'wattle-bench-cli-'));
const env = { ...process.env, WATTLE_DATA_DIR: dataDir };

/** The memory-engine stack the API command reads, ready once its local.json is written. */
const startStack = async (): Promise<ChildProcess> => {
  const stack = spawn(
    process.execPath,
    ['--import', 'tsx', 'packages/local/src/main.ts', '--store', 'memory', '--port', '0', '--quiet'],
    { cwd: root, env, stdio: 'ignore' },
  );
  const deadline = Date.now() + 60_000;
  while (!existsSync(join(dataDir, 'local.json'))) {
    if (Date.now() > deadline || stack.exitCode !== null) throw new Error('The local stack did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return stack;
};

/** Median wall seconds of `command args` run to its exit `runs` times, after two runs not counted. */
const wallSeconds = (command: string, args: string[]): number => {
  const times: number[] = [];
  for (let run = -2; run < runs; run++) {
    const started = performance.now();
    const done = spawnSync(command, args, { cwd: root, env, stdio: 'ignore' });
    if (done.error) throw done.error;
    if (run >= 0) times.push((performance.now() - started) / 1000);
  }
  return median(times);
};

const stack = await startStack();
try {
  const cases = [
    { what: '--help', args: ['--help'], target: 0.2 },
    { what: 'a mistyped command (chargez)', args: ['chargez'], target: 0.2 },
    { what: 'an API command (charges list)', args: ['charges', 'list'], target: 0.3 },
  ];
  const node = wallSeconds(process.execPath, ['-e', '0']);
  console.log(
    `npm run wattle, whole-process wall time, median of ${runs} runs (node -e 0: ${node.toFixed(3)} s)\n`,
  );
  for (const { what, args, target } of cases) {
    const launcher = wallSeconds(process.execPath, ['scripts/wattle.mjs', ...args]);
    const npm = wallSeconds('npm', ['run', '-s', 'wattle', '--', ...args]);
    // Node's own start is in every figure: on a busy machine it alone can pass a target.
    console.log(
      `${what.padEnd(30)} ${launcher.toFixed(3)} s  target ${target} s  ${launcher <= target ? 'met' : 'NOT met'}   above node -e 0: ${(launcher - node).toFixed(3)} s   through npm run: ${npm.toFixed(3)} s`,
    );
  }
} finally {
  stack.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
