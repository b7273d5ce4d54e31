import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startOwnStack } from './stack.ts';

/**
 * The e2e-memory project's global setup: the shared stack of the e2e files on the memory engine,
 * `npm start -- --store memory` in a child process (the e2e project's DynamoDB stack runs in this
 * process, and a process runs one stack: the functions keep their composition), logging at DEBUG.
 * Stopping it searches its records and its whole output for card data in clear and its processes
 * for a Java one (a find fails the run), and it must exit cleanly.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wattle-e2e-memory-'));
  const stack = await startOwnStack({ dataDir, logLevel: 'DEBUG', args: ['--store', 'memory'] });
  const { process: _child, output: _output, stop: _stop, ...info } = stack;
  project.provide('stack', {
    ...info,
    store: 'memory',
    tableName: '',
    eventsQueueUrl: '',
  });
  return async () => {
    try {
      const code = await stack.stop();
      if (code !== 0)
        throw new Error(`The memory-engine stack exited with ${code}:\n${stack.output().slice(-4000)}`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
}
