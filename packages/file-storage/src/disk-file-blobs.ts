import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { downloadFilename, isToken, type Scope } from '@wattle/domain';
import type { FileBlobs } from '@wattle/ports';
import { signLocalDownload } from './local-download-url.ts';

export interface DiskFileBlobsOptions {
  /** The directory the bytes go under (private to the user: 0700 directories, 0600 files). */
  dir: string;
  /** The key that signs download URLs. */
  urlKey: Buffer;
  /** Where the local stack serves downloads: `http://127.0.0.1:<port>/_local/files`, read at each presign. */
  urlBase: () => string;
}

/**
 * The path of a file's bytes. The account id and token come from the request's key and the path
 * (checked there); they are checked again here, so no name can reach outside the directory.
 */
const pathOf = (dir: string, scope: Scope, fileToken: string): string => {
  if (!/^[A-Za-z0-9_-]+$/.test(scope.accountId) || !isToken(fileToken, 'file'))
    throw new Error('A file path from an unexpected account id or token');
  return join(dir, scope.accountId, scope.environment, fileToken);
};

const gone = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files' bytes on the local disk, for the local stack: as S3 keeps them in AWS. */
export const diskFileBlobs = ({ dir, urlKey, urlBase }: DiskFileBlobsOptions): FileBlobs => ({
  put: async (scope, fileToken, bytes) => {
    const path = pathOf(dir, scope, fileToken);
    await mkdir(join(dir, scope.accountId, scope.environment), { recursive: true, mode: 0o700 });
    // Written aside and renamed, so a reader never sees half a file.
    await writeFile(`${path}.part`, bytes, { mode: 0o600 });
    await rename(`${path}.part`, path);
  },
  get: async (scope, fileToken) => {
    try {
      return new Uint8Array(await readFile(pathOf(dir, scope, fileToken)));
    } catch (error) {
      if (gone(error)) return null;
      throw error;
    }
  },
  delete: async (scope, fileToken) => {
    await rm(pathOf(dir, scope, fileToken), { force: true });
  },
  presign: async (scope, file, _now, expiresAt) => ({
    url: signLocalDownload(urlKey, urlBase(), scope, file.token, downloadFilename(file), expiresAt),
    expiresAt,
  }),
});
