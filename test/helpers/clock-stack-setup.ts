import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalStackInfo } from '@wattle/local';
import type { TestProject } from 'vitest/node';
import { startOwnStack } from './stack.ts';

/** What the files that move the clock get from inject('clockStack'). */
export interface ProvidedClockStack extends LocalStackInfo {
  port: number;
  ddbEndpoint: string;
  sqsEndpoint: string;
  /** Its WATTLE_DATA_DIR (local.json), for the CLI. */
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    clockStack: ProvidedClockStack;
  }
}

/**
 * The global setup of the projects whose files move the clock (`clock`, `browser`): ONE local stack
 * of their own, the real `npm start` in a child process (its clock is not the shared stack's), in
 * memory, logging at DEBUG. The project runs its files one at a time, and each file begins with a
 * reset of this stack (useClockStack): no account, item, message or file of the file before, and
 * real time, as a stack of its own would begin, for one JVM instead of one per file. When every file
 * is done, stopping it searches its table and its whole output for card data in clear (a find
 * fails the run), and it must exit cleanly.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), `wattle-${project.name}-`));
  const stack = await startOwnStack({ dataDir, logLevel: 'DEBUG' });
  const { process: _child, output: _output, stop, ...info } = stack;
  project.provide('clockStack', info);
  return async () => {
    try {
      const code = await stop();
      if (code !== 0) throw new Error(`The clock stack exited with ${code}:\n${stack.output().slice(-4000)}`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
}
