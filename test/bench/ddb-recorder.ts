/**
 * Records the DynamoDB calls one HTTP request makes, in the process that serves it, without a hook
 * in the service's code:
 * - the calls of the store's client (packages/store's DocumentClient) are observed
 *   (dynamodb-calls.ts): a recorded call asks for the consumed capacity and keeps the marshalled
 *   input, the timing and the capacity;
 * - the HTTP server runs each request carrying an `x-bench-record` header inside an
 *   AsyncLocalStorage context, so only that request's calls (and not the stream pipe's or the
 *   webhook delivery's, which run beside it) are kept;
 * - the tokens the request mints (`randomIds.token`) are kept too, so the calls can be replayed
 *   with fresh ones.
 * Requests without the header run untouched (no capacity asked). Once the recordings are taken,
 * `uninstall` takes all of it out again, so the throughput phases measure the service alone: an
 * AsyncLocalStorage once entered keeps Node's promise hooks on, a cost on every promise.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomIds } from '@wattle/runtime';
import { type CallObserver, isWrite, observeCalls } from '../helpers/dynamodb-calls.ts';

export interface Consumed {
  TableName?: string;
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
  Table?: { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<
    string,
    { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number }
  >;
}

/** One DynamoDB call: the command, its input as sent (AttributeValue form), when, and its cost. */
export interface RecordedCall {
  command: string;
  input: Record<string, unknown>;
  startMs: number;
  endMs: number;
  consumed: Consumed[];
  error?: string;
}

export interface Recording {
  calls: RecordedCall[];
  /** Every token `randomIds.token` made while serving the request. */
  minted: string[];
}

export const recordHeader = 'x-bench-record';

const context = new AsyncLocalStorage<Recording>();
const recordings = new Map<string, Recording>();

/** The recording of the request that carried `x-bench-record: id` (removed once taken). */
export const takeRecording = (id: string): Recording | undefined => {
  const recording = recordings.get(id);
  recordings.delete(id);
  return recording;
};

/**
 * The calls `work` makes (and the tokens it mints), for work run in this process rather than
 * through the HTTP server (bench:function-cpu invokes a function directly). The recorder must be
 * installed.
 */
export const recordingOf = async (work: () => Promise<unknown>): Promise<Recording> => {
  const recording: Recording = { calls: [], minted: [] };
  await context.run(recording, work);
  return recording;
};

/** Sees every write call of the process, recorded request or not (the hot-items census). */
let everyWrite: ((command: string, input: Record<string, unknown>) => void) | null = null;
export const watchEveryWrite = (listener: typeof everyWrite): void => {
  everyWrite = listener;
};

/** Records a call of the request being recorded (asking for its capacity), and shows every write. */
const record: CallObserver = async ({ operation, input }, send) => {
  if (everyWrite && isWrite(operation)) everyWrite(operation, structuredClone(input));
  const recording = context.getStore();
  if (!recording) return send(input);
  const sent = { ...input, ReturnConsumedCapacity: 'INDEXES' };
  const recorded: RecordedCall = {
    command: operation,
    input: structuredClone(sent),
    startMs: performance.now(),
    endMs: 0,
    consumed: [],
  };
  recording.calls.push(recorded);
  try {
    const output = await send(sent);
    recorded.consumed = [
      (output as { ConsumedCapacity?: Consumed | Consumed[] }).ConsumedCapacity ?? [],
    ].flat();
    return output;
  } catch (error) {
    recorded.error = (error as Error).name;
    throw error;
  } finally {
    recorded.endMs = performance.now();
  }
};

/**
 * Installs the recorder in this process: call before the stack (and its functions) start. Returns
 * what uninstalls it.
 */
export const installRecorder = (): (() => void) => {
  const unobserve = observeCalls(DynamoDBDocumentClient.prototype, record);

  const token = randomIds.token;
  randomIds.token = (prefix) => {
    const made = token(prefix);
    context.getStore()?.minted.push(made);
    return made;
  };

  type Emit = (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  const emit = Server.prototype.emit as Emit;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    const request = args[0] as { headers?: Record<string, string | string[] | undefined> } | undefined;
    const id = event === 'request' ? request?.headers?.[recordHeader] : undefined;
    if (typeof id !== 'string') return emit.call(this, event, ...args);
    const recording: Recording = { calls: [], minted: [] };
    recordings.set(id, recording);
    return context.run(recording, () => emit.call(this, event, ...args));
  } as Emit as typeof Server.prototype.emit;

  return () => {
    unobserve();
    randomIds.token = token;
    Server.prototype.emit = emit as typeof Server.prototype.emit;
    context.disable();
  };
};
