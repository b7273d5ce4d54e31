import type { Scope } from '@wattle/domain';
import type { FileBlobs } from '@wattle/ports';

const key = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;

/** File bytes in memory; a download URL names the file and its expiry, as a presigned one does. */
export const fakeFileBlobs = (): FileBlobs & { bytes: Map<string, Uint8Array> } => {
  const bytes = new Map<string, Uint8Array>();
  return {
    bytes,
    put: async (scope, token, data) => {
      bytes.set(key(scope, token), data);
    },
    get: async (scope, token) => bytes.get(key(scope, token)) ?? null,
    delete: async (scope, token) => {
      bytes.delete(key(scope, token));
    },
    presign: async (scope, file, _now, expiresAt) => ({
      url: `https://files.example/${key(scope, file.token)}?expires=${expiresAt.toISOString()}`,
      expiresAt,
    }),
  };
};
