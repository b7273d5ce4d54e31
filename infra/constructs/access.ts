/**
 * What each function may touch is data in its own folder (functions/<fn>/src/routes.ts, its
 * `access`), gathered by `npm run registry` into @wattle/routes' registry: the one place to read or
 * change it. The stack (infra/stack.ts) turns each into IAM grants with the actions below.
 */
export { type FunctionAccess, functionAccess, type TableAction } from '@wattle/routes';

/** What the files function does with the bucket's objects: no listing, no bucket-level action. */
export const filesBucketActions = ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'] as const;

/** The only KMS actions envelope encryption of card numbers needs. */
export const cardKeyActions = ['kms:GenerateDataKey', 'kms:Decrypt'] as const;
