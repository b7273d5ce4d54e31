/**
 * The DynamoDB calls of the store's DocumentClient, as the tests and the benchmarks watch them:
 * what kind of operation a call is, which items a write touches, and one way to observe the calls.
 * They are watched by a middleware of the SDK client's stack placed right after lib-dynamodb
 * marshals the input (attribute values) and before the SDK serialises, signs and retries it: an
 * error thrown there is what the store sees, and an input changed there is what DynamoDB gets.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DocumentClient } from '@wattle/store/dynamodb';

/** An item or a key as DynamoDB's JSON has it (`{ pk: { S: '…' } }`). */
export type AttributeMap = Record<string, AttributeValue>;

/** DynamoDB's name of the operation (`PutItem`, `TransactWriteItems`…) and its input as sent. */
export interface ObservedCall {
  operation: string;
  input: Record<string, unknown>;
}

const operationKinds: Record<string, 'read' | 'write'> = {
  GetItem: 'read',
  BatchGetItem: 'read',
  Query: 'read',
  Scan: 'read',
  TransactGetItems: 'read',
  PutItem: 'write',
  UpdateItem: 'write',
  DeleteItem: 'write',
  BatchWriteItem: 'write',
  TransactWriteItems: 'write',
};

/**
 * Whether an operation reads items or writes them. An operation not on items (a table's) has no
 * answer: a guess would count it on one side or the other unseen.
 */
export const operationKind = (operation: string): 'read' | 'write' => {
  const kind = operationKinds[operation];
  if (!kind) throw new Error(`${operation} is not an operation on items`);
  return kind;
};

export const isWrite = (operation: string): boolean => operationKind(operation) === 'write';

/** The table's key: its partition and sort key. */
export type ItemKey = { pk: AttributeValue; sk: AttributeValue };

/** One item a write touches: how, its key, the whole item for a Put. */
export interface ItemWrite {
  action: 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
  key: ItemKey;
  /** The item a Put writes, whole. */
  item?: AttributeMap;
  /** A transaction's: DynamoDB bills its items twice. */
  inTransaction: boolean;
}

/** The benches' reports name the actions in lower case (`put charge`, `check subscription`). */
export const actionNames = {
  Put: 'put',
  Update: 'update',
  Delete: 'delete',
  ConditionCheck: 'check',
} as const;

type Body = { Item?: AttributeMap; Key?: ItemKey };
type WriteRequest = { PutRequest?: Body; DeleteRequest?: Body };

const itemWrite = (action: ItemWrite['action'], body: Body, inTransaction: boolean): ItemWrite =>
  body.Item
    ? { action, key: { pk: body.Item.pk!, sk: body.Item.sk! }, item: body.Item, inTransaction }
    : { action, key: body.Key!, inTransaction };

/**
 * The items a call writes (or, in a transaction, checks), in the order of its request: for single
 * writes, TransactWriteItems and BatchWriteItem (on every table it names); none for a read.
 */
export const itemWrites = (operation: string, input: Record<string, unknown>): ItemWrite[] => {
  const body = input as Body;
  switch (operation) {
    case 'PutItem':
      return [itemWrite('Put', body, false)];
    case 'UpdateItem':
      return [itemWrite('Update', body, false)];
    case 'DeleteItem':
      return [itemWrite('Delete', body, false)];
    case 'TransactWriteItems':
      return ((input.TransactItems as Record<string, Body>[] | undefined) ?? []).map((entry) => {
        const [action, member] = Object.entries(entry)[0]!;
        return itemWrite(action as ItemWrite['action'], member, true);
      });
    case 'BatchWriteItem':
      return Object.values((input.RequestItems as Record<string, WriteRequest[]> | undefined) ?? {})
        .flat()
        .map((request) =>
          request.PutRequest
            ? itemWrite('Put', request.PutRequest, false)
            : itemWrite('Delete', request.DeleteRequest!, false),
        );
    default:
      return [];
  }
};

/** Sends the call on (to DynamoDB, through the SDK's retries), with the input given. */
export type SendOn = (input: Record<string, unknown>) => Promise<Record<string, unknown>>;

/**
 * Sees one call: may change its input, fail it (throw instead of sending), or look at its answer,
 * and answers what `send` answered (or another answer).
 */
export type CallObserver = (call: ObservedCall, send: SendOn) => Promise<Record<string, unknown>>;

/** Each client's observers, the latest first; and those of every client in the process. */
const ownObservers = new WeakMap<object, CallObserver[]>();
const everyClient: CallObserver[] = [];
const watched = new WeakSet<object>();

/** The middleware that runs a call through its client's observers, then every client's. */
const watch = (client: DocumentClient): void => {
  if (watched.has(client)) return;
  watched.add(client);
  type Args = { input: Record<string, unknown> } & Record<string, unknown>;
  type Result = { output: Record<string, unknown> } & Record<string, unknown>;
  client.middlewareStack.addRelativeTo(
    ((next: (args: Args) => Promise<Result>, context: { commandName: string }) => async (args: Args) => {
      const observers = [...(ownObservers.get(client) ?? []), ...everyClient];
      if (observers.length === 0) return next(args);
      const operation = context.commandName.replace(/Command$/, '');
      let answered: Result | undefined;
      const sendFrom =
        (at: number): SendOn =>
        async (input) => {
          const observer = observers[at];
          if (observer) return observer({ operation, input }, sendFrom(at + 1));
          answered = await next({ ...args, input });
          return answered.output;
        };
      const output = await sendFrom(0)(args.input);
      return { ...answered, output };
    }) as never,
    { name: 'observeCalls', relation: 'after', toMiddleware: 'DocumentMarshall', override: true },
  );
};

/**
 * Observes the calls of one client, or of every store client in the process
 * (`DynamoDBDocumentClient.prototype`, also those made later). Returns what stops it; observers
 * on one client run latest first.
 */
export const observeCalls = (
  target: DocumentClient | typeof DynamoDBDocumentClient.prototype,
  observer: CallObserver,
): (() => void) => {
  if (target === DynamoDBDocumentClient.prototype) {
    everyClient.unshift(observer);
    const send = target.send;
    // Each client gets the middleware on its first call while any observer of every client is on.
    target.send = function (this: DocumentClient, ...args: Parameters<typeof send>) {
      watch(this);
      return (send as (...a: unknown[]) => ReturnType<typeof send>).apply(this, args);
    } as typeof send;
    return () => {
      everyClient.splice(everyClient.indexOf(observer), 1);
      target.send = send;
    };
  }
  watch(target as DocumentClient);
  const list = ownObservers.get(target) ?? [];
  ownObservers.set(target, [observer, ...list]);
  return () => {
    ownObservers.set(
      target,
      (ownObservers.get(target) ?? []).filter((seen) => seen !== observer),
    );
  };
};
