import type { FunctionName } from '@wattle/routes';

/** DynamoDB actions a function may be granted. No wildcards, no Scan. */
export type TableAction =
  | 'dynamodb:GetItem'
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:Query'
  | 'dynamodb:BatchGetItem'
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
}

/**
 * What each function may touch: the one place to read or change it. A new function in
 * `functionNames` does not compile until it has an entry here.
 */
export const functionAccess: Record<FunctionName, FunctionAccess> = {
  cards: { table: readWrite, cardKey: true },
  customers: { table: readWrite, cardKey: true },
  'not-found': { table: [], cardKey: false },
  // Billing charges stored cards, so the scheduler opens card numbers.
  scheduler: { table: readWrite, cardKey: true },
  charges: { table: readWrite, cardKey: true },
  authorisations: { table: readWrite, cardKey: true },
  // Refunds never open a card number.
  refunds: { table: readWrite, cardKey: false },
};

/** The only KMS actions envelope encryption of card numbers needs. */
export const cardKeyActions = ['kms:GenerateDataKey', 'kms:Decrypt'] as const;
