// Runs on whatever Node is on PATH (the machine's, before the install brings Node 22 in):
// installs the locked dependencies when node_modules is missing or older than package-lock.json,
// so a fresh clone needs only `npm start` or `npm test`; then runs the preflight on the Node the
// scripts run from now on.
import { execSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const lock = readFileSync('package-lock.json');
const digest = createHash('sha256').update(lock).digest('hex');
const stamp = 'node_modules/.wattle-install';
if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== digest) {
  console.log('Installing the locked dependencies (npm ci)...');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
  writeFileSync(stamp, digest);
}
// A new process looks `node` up on PATH afresh: npm puts node_modules/.bin first, where the
// install may only now have put Node 22 (a shell's `a && b` would reuse the first lookup).
const preflight = spawnSync('node', ['scripts/preflight.mjs'], { stdio: 'inherit' });
process.exit(preflight.status ?? 1);
