import type { queues } from './queues.ts';

/**
 * What a function may touch, as data: each function's `access` in functions/<fn>/src/routes.ts,
 * gathered into the registry (registry.generated.ts), which the CDK stack turns into IAM grants
 * (infra/stack.ts) and nothing more.
 */

/** DynamoDB actions a function may be granted. No wildcards, no Scan. */
export type TableAction =
  | 'dynamodb:GetItem'
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:Query'
  | 'dynamodb:BatchGetItem'
  | 'dynamodb:BatchWriteItem'
  | 'dynamodb:ConditionCheckItem';

export interface FunctionAccess {
  /** Actions on the table and its indexes; empty means no table access at all. */
  table: readonly TableAction[];
  /** Whether the function seals and opens card numbers with the KMS card key. */
  cardKey: boolean;
  /** Queues the function sends to (each also gets its URL as WATTLE_<NAME>_QUEUE_URL). */
  sendTo?: readonly (keyof typeof queues)[];
  /** Whether the function reads and writes the files bucket (uploaded files' bytes). */
  filesBucket?: boolean;
  /**
   * Whether the function calls the payment processor or verifies its notifications: with a live
   * processor other than the simulator (`-c liveProcessor=adyen`), it alone reads the processor's
   * secret.
   */
  processor?: boolean;
}

/** Reads, conditional writes and the transactions built from them (TransactWriteItems needs these). */
const readWrite = [
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:Query',
  'dynamodb:BatchGetItem',
  'dynamodb:ConditionCheckItem',
] as const satisfies readonly TableAction[];

/** The table access functions are given, by what they do with the table. */
export const tableAccess = {
  readWrite,
  /**
   * A transfer's line items are written in batches of 25 (BatchWriteItem: the payout, by the
   * request or by the scheduler's job); only the two functions that pay transfers out get it.
   */
  payingOut: [...readWrite, 'dynamodb:BatchWriteItem'],
  /** Reads only: what a function that shows stored resources needs. */
  readOnly: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'],
  /** No table access at all. */
  none: [],
} as const satisfies Record<string, readonly TableAction[]>;
