import type { FileBlobs } from '@wattle/ports';
import { fileBlobsFromEnv } from '@wattle/runtime/file-blobs';

let built: FileBlobs | undefined;

/** The file store, built on first use as the other dependencies are (runtimeDeps). */
export const fileBlobs = (): FileBlobs => {
  built ??= fileBlobsFromEnv();
  return built;
};
