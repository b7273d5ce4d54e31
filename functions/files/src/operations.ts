import { type ExamplesOf, type OperationsOf, one } from '@wattle/openapi/operation';
import * as o from '@wattle/wire';
import { single, uploadSchema } from '@wattle/wire';

/** The OpenAPI operations of its routes, by route key: packages/openapi builds the document from them. */
export const operations: OperationsOf<'files'> = {
  'POST /1/files': {
    summary: 'Upload a file (dispute evidence)',
    body: uploadSchema,
    answers: { 200: single(o.fileObject) },
  },
  'GET /1/files/{file_token}': one('Get a file, with a fresh download URL', o.fileObject),
  'DELETE /1/files/{file_token}': { summary: 'Delete a file', answers: { 204: 'no-content' } },
};

/** The request samples of those of its routes that take a body or a query beyond `page`. */
export const examples: ExamplesOf<'files'> = () => ({
  'POST /1/files': { body: { purpose: 'dispute_evidence', file: '@delivery-receipt.pdf' } },
});
