import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { functionEntry } from '@wattle/routes';
import { repoRoot } from './functions.ts';

type SchedulerHandler = (event: { source: string; 'detail-type': string; time: string }) => Promise<unknown>;

let loaded: Promise<SchedulerHandler> | undefined;

/**
 * The scheduler function, invoked as EventBridge's schedule would invoke it. The local stack runs
 * it as a job: on every clock advance and every minute, so due work happens by the moved clock.
 */
export const runScheduler = async (now: Date): Promise<void> => {
  loaded ??= import(pathToFileURL(join(repoRoot, functionEntry('scheduler'))).href).then(
    (module: { handler: SchedulerHandler }) => module.handler,
  );
  const handler = await loaded;
  await handler({ source: 'aws.events', 'detail-type': 'Scheduled Event', time: now.toISOString() });
};
