import { bankAccountExample } from '@wattle/openapi/examples';
import {
  type ExamplesOf,
  type OperationsOf,
  tokenExamples,
  tokenOperations,
} from '@wattle/openapi/operation';
import { bankAccountObject, bankAccountSchema } from '@wattle/wire';

/** The OpenAPI operations of its routes, by route key: packages/openapi builds the document from them. */
export const operations: OperationsOf<'bank-accounts'> = tokenOperations(
  '/1/bank_accounts',
  'Create a bank account token',
  bankAccountSchema,
  bankAccountObject,
);

/** The request samples of those of its routes that take a body or a query beyond `page`. */
export const examples: ExamplesOf<'bank-accounts'> = () =>
  tokenExamples('/1/bank_accounts', bankAccountExample);
