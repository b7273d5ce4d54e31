import type { FunctionName, queues } from '@wattle/routes';

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

/** Reads, conditional writes and the transactions built from them (TransactWriteItems needs these). */
const readWrite: readonly TableAction[] = [
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:Query',
  'dynamodb:BatchGetItem',
  'dynamodb:ConditionCheckItem',
];

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

/**
 * A transfer's line items are written in batches of 25 (BatchWriteItem: the payout, by the
 * request or by the scheduler's job); only the two functions that pay transfers out get it.
 */
const payingOut: readonly TableAction[] = [...readWrite, 'dynamodb:BatchWriteItem'];

/** Reads only: what a function that shows stored resources needs. */
const readOnly: readonly TableAction[] = ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'];

/**
 * What each function may touch: the one place to read or change it. A new function in
 * `functionNames` does not compile until it has an entry here.
 */
export const functionAccess: Record<FunctionName, FunctionAccess> = {
  cards: { table: readWrite, cardKey: true },
  // A payment source's number is sealed as a card's.
  'payment-sources': { table: readWrite, cardKey: true },
  customers: { table: readWrite, cardKey: true },
  'not-found': { table: [], cardKey: false },
  // Billing charges stored cards, so the scheduler opens card numbers; webhook retries that fall
  // due go to the delivery queue.
  scheduler: { table: payingOut, cardKey: true, sendTo: ['webhooks'], processor: true },
  charges: { table: readWrite, cardKey: true, processor: true },
  authorisations: { table: readWrite, cardKey: true, processor: true },
  // Refunds never open a card number.
  refunds: { table: readWrite, cardKey: false },
  // Bank account numbers are sealed with the same key as card numbers.
  'bank-accounts': { table: readWrite, cardKey: true },
  // A merchant's keys are kept sealed for its partner with the same key.
  merchants: { table: readWrite, cardKey: true },
  balance: { table: readOnly, cardKey: false },
  // Recipients' account numbers are sealed with the card key.
  recipients: { table: readWrite, cardKey: true },
  transfers: { table: payingOut, cardKey: false },
  // The scheduler makes deposits; the function only shows them.
  deposits: { table: readOnly, cardKey: false },
  // Evidence and the merchant's steps; the issuer's moves are the scheduler's.
  disputes: { table: readWrite, cardKey: false },
  // Starting and reactivating a subscription bill the customer's stored card at once.
  plans: { table: readWrite, cardKey: true, processor: true },
  subscriptions: { table: readWrite, cardKey: true, processor: true },
  'webhook-endpoints': { table: readWrite, cardKey: false },
  // A replay asks the delivery function for the attempt.
  webhooks: { table: readWrite, cardKey: false, sendTo: ['webhooks'] },
  events: { table: readOnly, cardKey: false },
  // Receives from its two queues through its event sources; sends the fan-out's delivery requests.
  'webhook-delivery': { table: readWrite, cardKey: false, sendTo: ['webhooks'] },
  // Reads the table stream (its event source mapping); writes only the count of an expired item
  // and the mark that it was counted, in one transaction.
  'expired-items': { table: ['dynamodb:PutItem', 'dynamodb:UpdateItem'], cardKey: false },
  // The files' metadata is in the table, their bytes in the bucket.
  files: { table: readWrite, cardKey: false, filesBucket: true },
  'apple-pay': { table: readWrite, cardKey: false },
  // Verifies the processor's notifications, records each once and applies it: the payment's,
  // refund's or dispute's change in a transaction (reads of the records, conditioned writes).
  'processor-notifications': { table: readWrite, cardKey: false, processor: true },
};

/** What the files function does with the bucket's objects: no listing, no bucket-level action. */
export const filesBucketActions = ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'] as const;

/** The only KMS actions envelope encryption of card numbers needs. */
export const cardKeyActions = ['kms:GenerateDataKey', 'kms:Decrypt'] as const;
