import { bankAccountExample } from '@wattle/openapi/examples';
import { type ExamplesOf, list, type OperationsOf, one } from '@wattle/openapi/operation';
import * as o from '@wattle/wire';
import { createRecipientSchema, single, updateRecipientSchema } from '@wattle/wire';

/** The OpenAPI operations of its routes, by route key: packages/openapi builds the document from them. */
export const operations: OperationsOf<'recipients'> = {
  'POST /1/recipients': {
    summary: 'Create a recipient',
    body: createRecipientSchema,
    answers: { 201: single(o.recipientObject) },
  },
  'GET /1/recipients': list('List recipients', o.recipientObject),
  'GET /1/recipients/{recipient_token}': one('Get a recipient', o.recipientObject),
  'PUT /1/recipients/{recipient_token}': {
    summary: 'Update a recipient',
    body: updateRecipientSchema,
    answers: { 200: single(o.recipientObject) },
  },
  'DELETE /1/recipients/{recipient_token}': { summary: 'Delete a recipient', answers: { 204: 'no-content' } },
  'GET /1/recipients/{recipient_token}/transfers': list("List a recipient's transfers", o.transferObject),
};

/** The request samples of those of its routes that take a body or a query beyond `page`. */
export const examples: ExamplesOf<'recipients'> = () => ({
  'POST /1/recipients': {
    body: { email: 'roland@example.com', name: 'Mr Roland Robot', bank_account: bankAccountExample },
  },
  'PUT /1/recipients/{recipient_token}': { body: { email: 'roland.robot@example.com' } },
});
