// Chromium for the browser tests and `npm run screenshots`: Debian's package at /usr/bin/chromium
// (Playwright cannot download its own browser builds here). Installs it when missing, as root or
// through sudo, saying what it runs; fails with what to do when it cannot. Plain Node: it runs on
// whatever Node is on PATH, and from the browser tests' global setup.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const chromiumPath = '/usr/bin/chromium';

const manual = `install it yourself (as root: apt-get update && apt-get install -y chromium) and run again`;

const hasCommand = (name) => {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** The path of Debian's Chromium, installed first if it is missing. */
export const ensureBrowser = () => {
  if (existsSync(chromiumPath)) return chromiumPath;
  if (!hasCommand('apt-get'))
    throw new Error(`${chromiumPath} is missing and this machine has no apt-get: ${manual}.`);
  const root = process.getuid?.() === 0;
  if (!root && !hasCommand('sudo'))
    throw new Error(`${chromiumPath} is missing, and installing it needs root or sudo: ${manual}.`);
  const run = (args) => {
    const command = root ? args : ['sudo', ...args];
    console.log(`[ensure-browser] ${chromiumPath} is missing: running ${command.join(' ')}`);
    try {
      execFileSync(command[0], command.slice(1), {
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch (error) {
      throw new Error(`${command.join(' ')} failed (${error.message.split('\n')[0]}): ${manual}.`);
    }
  };
  // Another install may hold dpkg's lock (a second worktree's tests): wait for it rather than fail.
  run(['apt-get', '-o', 'DPkg::Lock::Timeout=600', 'update']);
  run(['apt-get', '-o', 'DPkg::Lock::Timeout=600', 'install', '-y', 'chromium']);
  if (!existsSync(chromiumPath))
    throw new Error(`apt-get installed chromium, but ${chromiumPath} is not there: ${manual}.`);
  console.log(`[ensure-browser] ${chromiumPath} installed`);
  return chromiumPath;
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    ensureBrowser();
  } catch (error) {
    console.error(`[ensure-browser] ${error.message}`);
    process.exit(1);
  }
}
