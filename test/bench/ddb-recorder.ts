/**
 * Records the DynamoDB calls one HTTP request makes, in the process that serves it, without a hook
 * in the service's code:
 * - every DynamoDB client (raw or document; they share one middleware stack) gets two middlewares
 *   on its first send: one asks for the consumed capacity, one keeps the marshalled input, the
 *   timing and the capacity of the call;
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
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomIds } from '@wattle/runtime';

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

/** Sees every write call of the process, recorded request or not (the hot-items census). */
let everyWrite: ((command: string, input: Record<string, unknown>) => void) | null = null;
export const watchEveryWrite = (listener: typeof everyWrite): void => {
  everyWrite = listener;
};

type Stack = DynamoDBClient['middlewareStack'];
const instrumented = new Set<Stack>();
const middlewareNames = ['benchAskCapacity', 'benchRecordCall'];

const instrument = (stack: Stack): void => {
  if (instrumented.has(stack)) return;
  instrumented.add(stack);
  stack.add(
    (next) => async (args) => {
      if (context.getStore())
        (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'INDEXES';
      return next(args);
    },
    { step: 'initialize', name: 'benchAskCapacity', priority: 'high' },
  );
  stack.add(
    (next, handlerContext) => async (args) => {
      const recording = context.getStore();
      const command = (handlerContext.commandName ?? 'unknown').replace(/Command$/, '');
      if (everyWrite && /Put|Update|Delete|TransactWrite|BatchWrite/.test(command))
        everyWrite(command, structuredClone(args.input as Record<string, unknown>));
      if (!recording) return next(args);
      const call: RecordedCall = {
        command,
        input: structuredClone(args.input as Record<string, unknown>),
        startMs: performance.now(),
        endMs: 0,
        consumed: [],
      };
      recording.calls.push(call);
      try {
        const result = await next(args);
        const output = result.output as { ConsumedCapacity?: Consumed | Consumed[] };
        call.consumed = [output.ConsumedCapacity ?? []].flat();
        return result;
      } catch (error) {
        call.error = (error as Error).name;
        throw error;
      } finally {
        call.endMs = performance.now();
      }
    },
    // After serialisation: the document client has marshalled the input by then.
    { step: 'build', name: 'benchRecordCall' },
  );
};

/**
 * Installs the recorder in this process: call before the stack (and its functions) start. Returns
 * what uninstalls it.
 */
export const installRecorder = (): (() => void) => {
  const base = Object.getPrototypeOf(DynamoDBClient.prototype) as {
    send: (this: unknown, ...args: unknown[]) => unknown;
  };
  const send = base.send;
  base.send = function (this: unknown, ...args: unknown[]) {
    if (this instanceof DynamoDBClient || this instanceof DynamoDBDocumentClient)
      instrument(this.middlewareStack);
    return send.apply(this, args);
  };

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
    base.send = send;
    randomIds.token = token;
    Server.prototype.emit = emit as typeof Server.prototype.emit;
    for (const stack of instrumented) for (const name of middlewareNames) stack.remove(name);
    instrumented.clear();
    context.disable();
  };
};
