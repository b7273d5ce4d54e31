/** Starts bare-server.ts in a child process and tells it what to serve, over IPC. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { BareMessage, BareRequest } from './bare-server.ts';
import type { Recording } from './ddb-recorder.ts';

export interface BareServer {
  url: string;
  pid: number;
  /** From now on every request sends `recording`'s calls again (with fresh tokens when `fresh`). */
  serve(recording: Recording, fresh: boolean): Promise<void>;
  stop(): Promise<void>;
}

const entry = fileURLToPath(new URL('./bare-server.ts', import.meta.url));

export const startBareServer = async (dynamoEndpoint: string, accessKeyId: string): Promise<BareServer> => {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
    env: { ...process.env, BENCH_DYNAMODB_ENDPOINT: dynamoEndpoint, BENCH_DYNAMODB_ACCESS_KEY: accessKeyId },
  });
  // A child that dies (a start-up error) fails whatever waits on it, rather than leaving it waiting.
  const died = once(child, 'exit').then(([code]) => {
    throw new Error(`The bare server exited (${code})`);
  });
  died.catch(() => undefined);
  const next = async <T extends BareMessage['type']>(type: T) => {
    const [message] = (await Promise.race([once(child, 'message'), died])) as [BareMessage];
    if (message.type !== type) throw new Error(`The bare server said ${message.type}, not ${type}`);
    return message as Extract<BareMessage, { type: T }>;
  };
  const { port } = await next('ready');
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    serve: async (recording, fresh) => {
      const serving = next('serving');
      child.send({ type: 'serve', recording, fresh } satisfies BareRequest);
      await serving;
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.send({ type: 'stop' } satisfies BareRequest);
      await exited;
    },
  };
};
