import { cardExample } from '@wattle/openapi/examples';
import {
  anyEnvironment,
  anyNow,
  type ExamplesOf,
  type OperationsOf,
  tokenExamples,
  tokenOperations,
} from '@wattle/openapi/operation';
import { cardInputSchema, cardObject } from '@wattle/wire';

/** The OpenAPI operations of its routes, by route key: packages/openapi builds the document from them. */
export const operations: OperationsOf<'cards'> = tokenOperations(
  '/1/cards',
  'Create a card token',
  cardInputSchema(anyNow, anyEnvironment),
  cardObject,
);

/** The request samples of those of its routes that take a body or a query beyond `page`. */
export const examples: ExamplesOf<'cards'> = () => tokenExamples('/1/cards', cardExample);
