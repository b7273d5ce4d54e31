import type { DocumentClient } from '@wattle/store/dynamodb';

/** A DynamoDB call as the hook sees it: the command's name and its input. */
export interface DynamoDbCall {
  command: string;
  input: Record<string, unknown>;
}

/** Decides whether a call fails: return an error to throw instead of sending it. */
export type Fault = (call: DynamoDbCall, index: number) => Error | undefined;

export interface DynamoDbHooks {
  /** Every call made since the last reset, in order (failed ones included). */
  calls: DynamoDbCall[];
  /** The writes DynamoDB accepted since the last reset. */
  committedWrites: DynamoDbCall[];
  /** The fault to inject, if any (the index counts calls since the last reset). */
  fault: Fault | undefined;
  reset(): void;
}

const writeCommand = /^(Put|Update|Delete|TransactWrite|BatchWrite)/;

/** Whether a command changes the table. */
export const isWrite = (call: DynamoDbCall): boolean => writeCommand.test(call.command);

const hooked = new WeakMap<object, DynamoDbHooks>();

/**
 * Watches (and can break) every call a store client makes, by wrapping its `send`: before the
 * client's own retries, so an injected error is what the caller sees: a throttle that outlasted
 * the retries, or a crash at exactly that call. Idempotent per client.
 */
export const hookDynamoDb = (doc: DocumentClient): DynamoDbHooks => {
  const existing = hooked.get(doc);
  if (existing) return existing;
  const hooks: DynamoDbHooks = {
    calls: [],
    committedWrites: [],
    fault: undefined,
    reset() {
      hooks.calls = [];
      hooks.committedWrites = [];
      hooks.fault = undefined;
    },
  };
  const send = doc.send.bind(doc);
  doc.send = async (command) => {
    const call: DynamoDbCall = {
      command: command.operation,
      input: command.input as Record<string, unknown>,
    };
    const index = hooks.calls.length;
    hooks.calls.push(call);
    const error = hooks.fault?.(call, index);
    if (error) throw error;
    const output = await send(command);
    if (isWrite(call)) hooks.committedWrites.push(call);
    return output;
  };
  hooked.set(doc, hooks);
  return hooks;
};
