// Runs on whatever Node is on PATH (the machine's, before the install brings Node 22 in):
// installs the locked dependencies when node_modules is missing or older than package-lock.json,
// so a fresh clone needs only `npm start` or `npm test`.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const lock = readFileSync('package-lock.json');
const digest = createHash('sha256').update(lock).digest('hex');
const stamp = 'node_modules/.wattle-install';
if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) process.exit(0);
console.log('Installing the locked dependencies (npm ci)...');
execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
writeFileSync(stamp, digest);
