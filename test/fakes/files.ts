import type { Scope, StoredFile } from '@wattle/domain';
import { type FileBlobs, type FilesStore, Locked, Missing, TokenTaken } from '@wattle/ports';

const key = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;

/** The files port in memory, with the store's refusals. */
export const fakeFiles = (): FilesStore & { all: Map<string, StoredFile> } => {
  const all = new Map<string, StoredFile>();
  return {
    all,
    get: async (scope, token) => all.get(key(scope, token)) ?? null,
    create: async (scope, file) => {
      if (all.has(key(scope, file.token))) throw new TokenTaken('file', file.token);
      all.set(key(scope, file.token), { ...file, evidenceSubmitted: false });
    },
    delete: async (scope, token) => {
      const file = all.get(key(scope, token));
      if (!file) throw new Missing('file', token);
      if (file.evidenceSubmitted) throw new Locked('file', token);
      all.delete(key(scope, token));
    },
    markSubmitted: async (scope, tokens) => {
      const missing = tokens.find((token) => !all.has(key(scope, token)));
      if (missing) throw new Missing('file', missing);
      for (const token of tokens)
        all.set(key(scope, token), { ...all.get(key(scope, token))!, evidenceSubmitted: true });
    },
  };
};

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
