import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Environment, Scope } from '@wattle/domain';
import { localTableName } from '@wattle/local';
import { keys } from '../../packages/store/src/kernel/keys.ts';
import { scanLocalTable } from '../reliability/harness/table-snapshot.ts';
import { request, type StackRef, stackTable } from './stack.ts';

/** A stack as these helpers read it: its port, and its DynamoDB Local ('' on the memory engine). */
export interface StoreRef extends StackRef {
  ddbEndpoint: string;
  ddbAccessKeyId: string;
  tableName?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: stored records are asserted on, not typed
type Stored = Record<string, any>;

/**
 * What a stack on the memory engine holds (`GET /_local/records`): each kind's records by id, the
 * id of what a merchant owns `<accountId>#<environment>#<token>`, as a scan of DynamoDB Local's
 * table shows its items.
 */
export const memoryRecords = async (stack: StackRef): Promise<Record<string, Record<string, Stored>>> => {
  const res = await request('GET', `http://localhost:${stack.port}/_local/records`);
  if (res.status !== 200) throw new Error(`GET /_local/records answered ${res.status}: ${res.text}`);
  return res.body;
};

/** One item of a stack's table by its key; on the memory engine, its record of `kind` by id. */
const storedItem = async (
  stack: StoreRef,
  key: { pk: string; sk: string },
  kind: string,
  id: string,
): Promise<Stored | undefined> => {
  if (!stack.ddbEndpoint) return (await memoryRecords(stack))[kind]?.[id];
  const table = stackTable(stack);
  try {
    return (await table.send(new GetCommand({ TableName: stack.tableName || localTableName, Key: key })))
      .Item;
  } finally {
    table.destroy();
  }
};

/** A charge or authorisation as the stack keeps it (`payment`, `sealedNumber`…), on either engine. */
export const storedPayment = (stack: StoreRef, scope: Scope, token: string): Promise<Stored | undefined> =>
  storedItem(
    stack,
    keys.payment(scope, token),
    'payment',
    `${scope.accountId}#${scope.environment}#${token}`,
  );

/** What the stack keeps of a processor's notification `id` (`notification`, `applied`…), on either engine. */
export const storedNotification = (
  stack: StoreRef,
  environment: Environment,
  processor: string,
  id: string,
): Promise<Stored | undefined> =>
  storedItem(
    stack,
    { pk: `NOTIFICATION#${environment}#${processor}#${id}`, sk: 'NOTIFICATION' },
    'processor-notification',
    `${environment}#${processor}#${id}`,
  );

/** Everything a stack keeps: each item of its table, or each record of the memory engine. */
export const everythingStored = async (stack: StoreRef): Promise<Stored[]> =>
  stack.ddbEndpoint
    ? scanLocalTable(stack, stack.tableName || localTableName)
    : Object.values(await memoryRecords(stack)).flatMap((records) => Object.values(records));

/** A 3-D Secure session as the stack keeps it (`expiresAt`…), on either engine. */
export const storedSession = (stack: StoreRef, sessionToken: string): Promise<Stored | undefined> =>
  storedItem(stack, { pk: `SESSION#${sessionToken}`, sk: 'SESSION' }, 'three-d-secure-session', sessionToken);
