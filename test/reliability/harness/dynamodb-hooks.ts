import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DocumentClient } from '@wattle/store/dynamodb';
import { observeCalls, operationKind } from '../../helpers/dynamodb-calls.ts';

/** A DynamoDB call as the hook sees it: the operation's name and its input as the store wrote it. */
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

/** Whether a command changes the table. */
export const isWrite = (call: DynamoDbCall): boolean => operationKind(call.command) === 'write';

/** The members of a request that hold attribute values, wherever they stand in it. */
const valueMembers = new Set(['Key', 'Item', 'ExpressionAttributeValues', 'ExclusiveStartKey']);

/**
 * A request in DynamoDB's JSON as plain values, as the store wrote it (its document command's
 * input): the tests read keys and items as text. Copied first: `fromWire` converts binary values
 * in place, and the request is still to be sent.
 */
const plain = (request: unknown): unknown => {
  if (Array.isArray(request)) return request.map(plain);
  if (typeof request !== 'object' || request === null) return request;
  return Object.fromEntries(
    Object.entries(request).map(([name, value]) => [
      name,
      value === undefined
        ? value
        : valueMembers.has(name)
          ? unmarshall(structuredClone(value) as Record<string, never>)
          : name === 'Keys'
            ? (value as unknown[]).map((key) => unmarshall(structuredClone(key) as Record<string, never>))
            : plain(value),
    ]),
  );
};

const hooked = new WeakMap<object, DynamoDbHooks>();

/**
 * Watches (and can break) every call a store client makes (dynamodb-calls.ts observes them):
 * before the client's own retries, so an injected error is what the caller sees: a throttle that
 * outlasted the retries, or a crash at exactly that call. Idempotent per client.
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
  observeCalls(doc, async ({ operation, input }, send) => {
    const call: DynamoDbCall = { command: operation, input: plain(input) as Record<string, unknown> };
    const index = hooks.calls.length;
    hooks.calls.push(call);
    const error = hooks.fault?.(call, index);
    if (error) throw error;
    const output = await send(input);
    if (isWrite(call)) hooks.committedWrites.push(call);
    return output;
  });
  hooked.set(doc, hooks);
  return hooks;
};
