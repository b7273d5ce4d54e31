import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { oncePerRun, type RunResource, startEarly } from './once-per-run.ts';
import { type OwnStack, startOwnStack } from './stack.ts';

/**
 * The shared stack of the e2e files on the memory engine, `npm start -- --store memory` in a child
 * process (the e2e project's DynamoDB stack runs in this process, and a process runs one stack: the
 * functions keep their composition), logging at DEBUG. Stopping it searches its records and its
 * whole output for card data in clear and its processes for a Java one (a find fails the run), and
 * it must exit cleanly.
 */
const memoryStack: RunResource<OwnStack> = {
  key: 'e2e-memory-stack',
  start: () =>
    startOwnStack({
      dataDir: mkdtempSync(join(tmpdir(), 'wattle-e2e-memory-')),
      logLevel: 'DEBUG',
      args: ['--store', 'memory'],
    }),
  stop: async (stack) => {
    try {
      const code = await stack.stop();
      if (code !== 0)
        throw new Error(`The memory-engine stack exited with ${code}:\n${stack.output().slice(-4000)}`);
    } finally {
      rmSync(stack.dataDir, { recursive: true, force: true });
    }
  },
};

/** Started as the run starts, beside the other setups' stacks (prestart-reporter.ts). */
export const prestart = (): void => startEarly(memoryStack);

/** The e2e-memory project's global setup: the shared stack on the memory engine. */
export default async function setup(project: TestProject) {
  const { value: stack, release } = await oncePerRun(memoryStack);
  const { process: _child, output: _output, stop: _stop, ...info } = stack;
  project.provide('stack', {
    ...info,
    store: 'memory',
    tableName: '',
    eventsQueueUrl: '',
  });
  return release;
}
