// Runs on whatever Node is on PATH (the machine's, before the install brings Node 22 in):
// installs the locked dependencies when node_modules is missing or older than package-lock.json,
// so a fresh clone needs only `npm start` or `npm test`; then runs the preflight on the Node the
// scripts run from now on.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { engineWarningFilter, engineWarningSummary } from './npm-engine-warnings.mjs';

/** `npm ci`, its stderr passed on but for the EBADENGINE warnings of an older Node (one line for them). */
const installLocked = async () => {
  const npm = spawn('npm', ['ci', '--no-audit', '--no-fund'], {
    stdio: ['inherit', 'inherit', 'pipe'],
    shell: process.platform === 'win32',
  });
  const filter = engineWarningFilter();
  const lines = createInterface({ input: npm.stderr });
  lines.on('line', (line) => {
    if (filter.keep(line)) process.stderr.write(`${line}\n`);
  });
  const [status] = await Promise.all([
    new Promise((done) => npm.once('close', (code) => done(code ?? 1))),
    new Promise((done) => lines.once('close', done)),
  ]);
  if (status !== 0) process.exit(status);
  // The Node on PATH now, which npm's scripts run on: the one the install brought, if it brought one.
  const scriptNode = spawnSync('node', ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout?.trim();
  const summary = engineWarningSummary(filter.packages, process.versions.node, scriptNode || null);
  if (summary) console.log(summary);
};

const lock = readFileSync('package-lock.json');
const digest = createHash('sha256').update(lock).digest('hex');
const stamp = 'node_modules/.wattle-install';
if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== digest) {
  console.log('Installing the locked dependencies (npm ci)...');
  await installLocked();
  writeFileSync(stamp, digest);
}
// A new process looks `node` up on PATH afresh: npm puts node_modules/.bin first, where the
// install may only now have put Node 22 (a shell's `a && b` would reuse the first lookup).
const preflight = spawnSync('node', ['scripts/preflight.mjs'], {
  stdio: 'inherit',
});
process.exit(preflight.status ?? 1);
