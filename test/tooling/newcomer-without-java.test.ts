import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hangNet } from '../helpers/hang-net.ts';
import { pathWithoutJava } from '../helpers/no-java.ts';
import { descendantsOf } from '../helpers/process-tree.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'wattle-no-java-clone-'));
const clone = join(work, 'wattle');
/** The machine as a newcomer has it: Node and npm, a shell, and the README's curl and jq; no Java. */
const bin = pathWithoutJava(['node', 'npm', 'sh', 'bash', 'curl', 'jq']);
const env = { PATH: bin, HOME: process.env.HOME ?? '', PORT: '0' };

/**
 * The repository's installed node_modules in the clone without `npm ci` (40-140 s): a real
 * directory whose entries link to the repository's installed packages (the same lock file, so
 * `npm start`'s install check finds it up to date), except its links to the workspaces and its
 * .bin links, copied as they are: relative, they lead to the clone's own packages, so the code
 * that runs is the clone's.
 */
const linkInstall = (from: string, to: string): void => {
  mkdirSync(to);
  for (const entry of readdirSync(from)) {
    const source = join(from, entry);
    const stat = lstatSync(source);
    if (stat.isSymbolicLink()) symlinkSync(readlinkSync(source), join(to, entry));
    else if (stat.isDirectory() && (entry.startsWith('@') || entry === '.bin'))
      linkInstall(source, join(to, entry));
    else symlinkSync(source, join(to, entry));
  }
};

/** A `sh` block of the README, the first after `heading`. */
const readmeBlock = (heading: string): string => {
  const readme = readFileSync(join(clone, 'README.md'), 'utf8');
  const block = new RegExp(`\\n${heading}\\n[\\s\\S]*?\\n\`\`\`sh\\n([\\s\\S]*?)\\n\`\`\`\\n`).exec(
    readme,
  )?.[1];
  if (!block) throw new Error(`No sh block under "${heading}" in the README`);
  return block;
};

let npmStart: ChildProcess;
/** What `npm start` printed on stdout, npm's own `> script` banner lines left out. */
let output = '';
const stackLines = () => output.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('> '));

beforeAll(async () => {
  execFileSync('git', ['clone', '--quiet', repoRoot, clone]);
  linkInstall(join(repoRoot, 'node_modules'), join(clone, 'node_modules'));
  // In a process group of its own, so the test can stop npm, tsx and the stack together.
  npmStart = spawn('npm', ['start'], { cwd: clone, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  npmStart.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  npmStart.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  await new Promise<void>((ready, failed) => {
    npmStart.once('exit', (code) =>
      failed(new Error(`npm start exited with ${code}:\n${output}\n${errors}`)),
    );
    const poll = setInterval(() => {
      if (existsSync(join(clone, '.wattle/local.json')) && /Ctrl-C/.test(output)) {
        clearInterval(poll);
        ready();
      }
    }, 200);
  });
}, hangNet(120_000));

afterAll(async () => {
  if (npmStart?.exitCode === null) {
    const exited = new Promise((done) => npmStart.once('exit', done));
    process.kill(-npmStart.pid!, 'SIGINT');
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
  rmSync(bin, { recursive: true, force: true });
}, hangNet(30_000));

describe('npm start from a fresh clone on a machine with Node and no Java', () => {
  it('starts on the memory engine, its first line saying so and how to get the DynamoDB engine', () => {
    expect(stackLines()[0]).toMatch(
      /^Java is not on PATH, so this runs on the memory engine .*: DynamoDB Local needs Java 17 or newer: install it \(apt install openjdk-17-jre-headless, brew install openjdk@17\), then npm start -- --store dynamodb/,
    );
    // No JVM under it.
    expect(descendantsOf(npmStart.pid!).map((p) => p.command)).not.toContain('java');
  });

  it(
    'serves the README’s first charge: a card, a charge, its refund settled an hour on',
    async () => {
      const script = `${readmeBlock('### The shell variables')}\n${readmeBlock('### A first charge')}`;
      const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], {
        cwd: clone,
        env,
        timeout: hangNet(60_000),
      });
      const lines = stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^card_[\w-]{22}$/);
      expect(JSON.parse(lines.slice(1, -2).join('\n'))).toMatchObject({ success: true, captured: true });
      expect(lines.slice(-2)).toEqual(['Pending', 'Success']);
    },
    hangNet(90_000),
  );

  it('lets npm test begin: its preflight asks for the Node it needs, not for Java', async () => {
    // The pretest script as npm runs it (node_modules/.bin first on PATH), without the run itself.
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', 'pretest'], {
      cwd: clone,
      env,
      timeout: hangNet(60_000),
    });
    expect(stderr).toBe('');
    expect(stdout).not.toMatch(/cannot run here|Java/);
  });
});
