/** Starts service-process.ts in a child process and talks to it over IPC. */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Recording } from './ddb-recorder.ts';
import type { ServiceMessage, ServiceRequest } from './service-process.ts';

export interface Service {
  port: number;
  ddbEndpoint: string;
  ddbAccessKeyId: string;
  tableName: string;
  pid: number;
  /** The DynamoDB calls of the request that carried `x-bench-record: id`. */
  recording(id: string): Promise<Recording>;
  /** Every recording is taken: the recorder leaves the service, which then runs as it would alone. */
  recorded(): Promise<void>;
  /** Holds the events its writes make in the table's stream, or releases them (LocalStack.holdEvents). */
  holdEvents(held: boolean): Promise<void>;
  stop(): Promise<void>;
}

const entry = fileURLToPath(new URL('./service-process.ts', import.meta.url));

export const startService = async (): Promise<Service> => {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Structured clone: recorded inputs hold binary attributes.
    serialization: 'advanced',
    env: { ...process.env, WATTLE_LOG_LEVEL: 'SILENT' },
  });
  const waiting = new Map<string, (message: ServiceMessage) => void>();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<Extract<ServiceMessage, { type: 'ready' }>>((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`The service process exited (${code}) before it was ready`)),
    );
    child.on('message', (message: ServiceMessage) => {
      if (message.type === 'ready') resolve(message);
      const key = message.type === 'recording' ? `recording:${message.id}` : message.type;
      waiting.get(key)?.(message);
      waiting.delete(key);
    });
  });
  const ask = <T extends ServiceMessage>(request: ServiceRequest, key: string): Promise<T> =>
    new Promise((resolve) => {
      waiting.set(key, (message) => resolve(message as T));
      child.send(request);
    });
  const { port, ddbEndpoint, ddbAccessKeyId, tableName } = await ready;
  return {
    port,
    ddbEndpoint,
    ddbAccessKeyId,
    tableName,
    pid: child.pid as number,
    recording: async (id) => {
      const message = await ask<Extract<ServiceMessage, { type: 'recording' }>>(
        { type: 'recording', id },
        `recording:${id}`,
      );
      if (!message.recording) throw new Error(`No recording for request ${id}`);
      return message.recording;
    },
    recorded: async () => {
      await ask({ type: 'recorded' }, 'recorded');
    },
    holdEvents: async (held) => {
      await ask({ type: 'hold', held }, 'held');
    },
    stop: async () => {
      if (child.exitCode === null) child.send({ type: 'stop' } satisfies ServiceRequest);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
};

export const newRecordingId = (): string => randomUUID();
