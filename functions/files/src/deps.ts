import { functionDeps } from '@wattle/runtime';
import { fileBlobs } from '@wattle/runtime/file-blobs';
import { accounts, files, idempotency } from '@wattle/runtime/parts';

/** What the files function's routes use: its bundle holds these parts and no other. */
export const filesDeps = functionDeps({ accounts, fileBlobs, files, idempotency });

export type FilesDeps = ReturnType<typeof filesDeps>;
