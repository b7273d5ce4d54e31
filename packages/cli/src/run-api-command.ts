import { join } from 'node:path';
import type { ApiCommand } from './api-args.ts';
import { apiClient } from './api-client.ts';
import { checkStack } from './check-stack.ts';
import { tailEvents } from './events-tail.ts';
import { listen, listenSigningKey } from './listen.ts';
import { advanceClock, clockNow, postLocal } from './local-control.ts';
import { tailRequestLog } from './logs-tail.ts';
import { getResource, listResource } from './resources.ts';
import { readLocalJson, resolveTarget, shellVariables, type Target } from './target.ts';
import { describeTriggered, listTriggers, trigger, triggerContext } from './trigger.ts';

export interface Io {
  print: (line: string) => void;
  /** Aborts on Ctrl-C: the following commands stop and clean up. */
  signal: AbortSignal;
  dataDir: string;
  /** A line beside the output (on stderr), that a script reading the output never sees. */
  note: (line: string) => void;
}

const localOrigin = (target: Target, what: string): string => {
  if (!target.local)
    throw new Error(`${what} works on the local stack only: a deployed stack runs on real time`);
  return target.local.origin;
};

/** Runs one API command to its end (the following ones: until Ctrl-C). */
export const runApiCommand = async (args: ApiCommand, io: Io): Promise<void> => {
  if (args.command === 'trigger-list') return io.print(listTriggers());
  if (args.command === 'logs-tail') {
    if (args.target.baseUrl)
      throw new Error(
        'logs tail follows the local stack’s request log; a deployed stage’s is its access log group: aws logs tail <group> --follow',
      );
    return tailRequestLog(io.dataDir, {
      json: args.json,
      lines: args.lines,
      signal: io.signal,
      print: io.print,
    });
  }
  if (args.command === 'env')
    return io.print(shellVariables(await readLocalJson(io.dataDir), join(io.dataDir, 'local.json')));
  const target = await resolveTarget(args.target, io.dataDir);
  const client = apiClient(target.baseUrl, target.key);
  // The local stack pushes its events; a deployed stage is polled (followEvents).
  const follow = { localOrigin: target.local?.origin ?? null, note: io.note };
  switch (args.command) {
    case 'list':
      return io.print(await listResource(client, args.path, { page: args.page, json: args.json }));
    case 'get':
      return io.print(await getResource(client, args.path, args.json));
    case 'events-tail':
      return tailEvents(client, {
        json: args.json,
        types: args.types,
        signal: io.signal,
        print: io.print,
        follow,
      });
    case 'clock-now': {
      const now = await clockNow(localOrigin(target, 'clock'));
      return io.print(args.json ? JSON.stringify({ now }) : now);
    }
    case 'clock-advance': {
      const moved = await advanceClock(localOrigin(target, 'clock advance'), args.seconds);
      if (args.json) return io.print(JSON.stringify(moved));
      const kinds = Object.entries(moved.scheduler?.doneByKind ?? {}).map(([kind, n]) => `${kind} ${n}`);
      return io.print(
        `Clock at ${moved.now}; the scheduler ran ${moved.scheduler?.done ?? 0} job(s)${kinds.length ? `: ${kinds.join(', ')}` : ''}`,
      );
    }
    case 'reset': {
      const answer = (await postLocal(localOrigin(target, 'reset'), '/reset')) as {
        now: string;
        deleted: number;
      };
      if (args.json) return io.print(JSON.stringify(answer));
      return io.print(
        `Reset: ${answer.deleted} item(s) deleted; the seeded merchant and partner are back with their keys (local.json holds), the clock is at real time (${answer.now})`,
      );
    }
    case 'check': {
      const passed = await checkStack(client, {
        // The stack's own API answers a path it does not know with a 404: an attempt is enough.
        webhookUrl: args.webhookUrl ?? `${target.baseUrl}/1/wattle-check-webhook`,
        print: io.print,
        signal: io.signal,
      });
      if (!passed) throw new Error(`The check of ${target.baseUrl} failed at the step above`);
      return;
    }
    case 'trigger': {
      const triggered = await trigger(args.type, triggerContext(target));
      return io.print(
        args.json
          ? JSON.stringify({
              type: args.type,
              about: triggered.made.about,
              event: triggered.event,
              note: triggered.made.note,
            })
          : describeTriggered(triggered, target),
      );
    }
    case 'listen': {
      const key = await listenSigningKey(io.dataDir, args.signingKey);
      if (!args.json)
        io.print(
          `Forwarding the events of ${target.baseUrl} to ${args.forwardTo}, signed with ${key} (Ctrl-C to stop)`,
        );
      return listen(client, {
        forwardTo: args.forwardTo,
        key,
        json: args.json,
        signal: io.signal,
        print: io.print,
        follow,
      });
    }
  }
};
