import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort } from '@wattle/local';
import { hangNet } from './hang-net.ts';

/**
 * Stoplight Prism (`prism mock --errors`) serving an OpenAPI document in a process of its own: it
 * keeps no state, checks each request against the document and answers the document's example;
 * with `--errors`, a request the document does not allow gets an error answer instead.
 */
export interface Prism {
  version: string;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const packageJson = createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json');
const startTimeoutMs = 120_000;

/**
 * Starts Prism on `document` and waits until it answers `probePath` (any answer: it listens).
 * `cleanUp` runs once it stopped (a temporary directory the document was written to).
 */
export const startPrismOn = async (
  document: string,
  probePath: string,
  cleanUp = () => {},
): Promise<Prism> => {
  const { version, bin } = JSON.parse(readFileSync(packageJson, 'utf8')) as {
    version: string;
    bin: { prism: string };
  };
  const port = await freePort();
  const args = [
    'mock',
    '--errors',
    '--verboseLevel',
    'error',
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    document,
  ];
  const child: ChildProcess = spawn(process.execPath, [join(dirname(packageJson), bin.prism), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // No analytics call from Prism's dependencies (Scarf).
    env: { ...process.env, SCARF_ANALYTICS: 'false' },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    cleanUp();
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + hangNet(startTimeoutMs);
  while (true) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`Prism exited (${child.exitCode}) before it listened: ${output}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Prism did not listen within ${startTimeoutMs / 1000} s: ${output}`);
    }
    if (
      await fetch(`${url}${probePath}`).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { version, url, pid: child.pid as number, stop };
};
