import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { hangNet } from '../helpers/hang-net.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'wattle-selection-'));
const vitest = join(repoRoot, 'node_modules/vitest/vitest.mjs');
/** This Node's directory and nothing else: no java (the tests' Node 22 runs vitest itself). */
const noJava = dirname(process.execPath);

afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Listing {
  code: number;
  /** What the config printed, its lines. */
  lines: string[];
  stderr: string;
  /** The files vitest would run, by project, relative to the repository. */
  files: Map<string, string[]>;
}

let runs = 0;
/**
 * The selection `vitest list` makes, without running a test: with `path` as PATH, and of this
 * run's environment only HOME and `env` (no CI, no npm settings).
 */
const list = async (
  path: string,
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<Listing> => {
  const json = join(work, `list-${++runs}.json`);
  const run = await promisify(execFile)(
    process.execPath,
    [vitest, 'list', '--filesOnly', `--json=${json}`, ...args],
    {
      cwd: repoRoot,
      env: { PATH: path, HOME: process.env.HOME ?? '', ...env },
      timeout: hangNet(60_000),
    },
  ).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );
  const files = new Map<string, string[]>();
  if (run.code === 0)
    for (const { file, projectName } of JSON.parse(readFileSync(json, 'utf8')) as {
      file: string;
      projectName: string;
    }[])
      files.set(projectName, [...(files.get(projectName) ?? []), relative(repoRoot, file)]);
  return { code: run.code, lines: run.stdout.split('\n').filter(Boolean), stderr: run.stderr, files };
};

const javaMissing =
  /^No DynamoDB Local on this machine, so this run leaves out what starts it: Java is not on PATH, and DynamoDB Local needs Java 17 or newer: install it/;

describe('the test selection on a machine without Java (vitest list, no test run)', () => {
  it(
    'npm test runs all that does not start DynamoDB Local, and names what it leaves out and why, one line each',
    async () => {
      const [withJava, without] = await Promise.all([list(process.env.PATH ?? ''), list(noJava)]);
      expect(withJava.code).toBe(0);
      expect(without.code, without.stderr).toBe(0);
      expect(without.lines).toEqual([
        expect.stringMatching(javaMissing),
        expect.stringMatching(
          /^ {2}left out of project integration, as they take a table on DynamoDB Local \(its \d+ other files run\): \S+\.test\.ts(, \S+\.test\.ts)*$/,
        ),
        '  left out: project integration-in-process (its global setup starts DynamoDB Local for its tables)',
      ]);
      // Every other project runs whole: the memory engine's end-to-end and clock files among them.
      const leftOut = ['integration-in-process'];
      expect([...without.files.keys()].sort()).toEqual(
        [...withJava.files.keys()].filter((project) => !leftOut.includes(project)).sort(),
      );
      for (const project of without.files.keys())
        if (project !== 'integration')
          // In any order: the sequencer orders by the last run's times, which a run beside this
          // one (the step's other files) may change between the two lists.
          expect([...(without.files.get(project) ?? [])].sort(), project).toEqual(
            [...(withJava.files.get(project) ?? [])].sort(),
          );
      expect(without.files.get('e2e-memory')).toContain('test/e2e/charges.test.ts');
      expect(without.files.get('clock-memory')).toContain('test/clock/transfers.test.ts');
      // Of integration, the files that take a table are left out, named; the others run.
      const integration = withJava.files.get('integration') ?? [];
      const named = (without.lines[1]?.split(': ')[1] ?? '')
        .split(', ')
        .map((file) => `test/integration/${file}`);
      expect([...(without.files.get('integration') ?? []), ...named].sort()).toEqual([...integration].sort());
      expect(named).toContain('test/integration/store-contract.test.ts');
      expect(without.files.get('integration')).toEqual(
        expect.arrayContaining([
          'test/integration/adyen-connector.test.ts',
          'test/integration/webhook-sender.test.ts',
        ]),
      );
      // With Java, nothing is left out, and the line names each project's engine.
      expect(withJava.lines).toEqual([
        expect.stringMatching(
          /^Test engines, nothing left out: DynamoDB Local for integration, integration-in-process; the memory engine for e2e-memory, clock-memory; no store engine for unit, .*infra\.$/,
        ),
      ]);
    },
    hangNet(120_000),
  );

  it(
    'the reliability run and the package test leave out what starts the DynamoDB engine, one line each; the tooling run leaves out nothing',
    async () => {
      const without = await list(noJava, {
        WATTLE_RELIABILITY: '1',
        WATTLE_PACKAGE: '1',
        WATTLE_TOOLING: '1',
      });
      expect(without.code, without.stderr).toBe(0);
      expect(without.lines.slice(2)).toEqual([
        '  left out: project integration-in-process (its global setup starts DynamoDB Local for its tables)',
        '  left out: project e2e-dynamodb (its stacks run on the DynamoDB engine)',
        '  left out: project clock-dynamodb (its stacks run on the DynamoDB engine)',
        '  left out: project package (its project on Node 22 runs its suite on the DynamoDB engine)',
        '  left out: project reliability (its global setup starts DynamoDB Local for its tables)',
        '  left out: project load (its stacks run on the DynamoDB engine)',
      ]);
      const leftOut = [
        'integration-in-process',
        'e2e-dynamodb',
        'clock-dynamodb',
        'package',
        'reliability',
        'load',
      ];
      expect([...without.files.keys()].filter((project) => leftOut.includes(project))).toEqual([]);
      expect([...without.files.keys()]).toEqual(
        expect.arrayContaining(['integration', 'e2e-memory', 'clock-memory', 'browser']),
      );
      // The newcomer's commands are what a machine without Java must run: all of them run there.
      expect(without.files.get('tooling')).toEqual(
        expect.arrayContaining([
          'test/tooling/start-command-needs.test.ts',
          'test/tooling/newcomer-without-java.test.ts',
          'test/tooling/test-selection-without-java.test.ts',
          'test/tooling/cli-build.test.ts',
        ]),
      );
      // npm run test:reliability's projects, every one left out: a run of nothing, which passes.
      const reliabilityRun = ['reliability', 'load', 'e2e-dynamodb', 'clock-dynamodb'];
      const reliability = await list(
        noJava,
        { WATTLE_RELIABILITY: '1' },
        reliabilityRun.flatMap((project) => ['--project', project]),
      );
      expect(reliability.code, reliability.stderr).toBe(0);
      expect([...reliability.files.keys()]).toEqual([]);
    },
    hangNet(120_000),
  );

  it(
    'in CI, which runs every project, a machine without Java is an error, not a smaller run',
    async () => {
      const inCi = await list(noJava, { CI: 'true' });
      expect(inCi.code).not.toBe(0);
      expect(inCi.stderr).toMatch(
        /CI runs every project, and what starts DynamoDB Local cannot run on this machine: Java is not on PATH/,
      );
    },
    hangNet(120_000),
  );
});
