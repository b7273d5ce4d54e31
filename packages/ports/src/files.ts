import type { DownloadLink, FileType, Scope, StoredFile } from '@wattle/domain';

/** Where files' metadata is kept (the table). */
export interface FilesStore {
  /** The file, or null when there is none (or it is another merchant's or environment's). */
  get(scope: Scope, fileToken: string): Promise<StoredFile | null>;
  /** Keeps a new file's metadata. Throws TokenTaken when the token exists already. */
  create(scope: Scope, file: StoredFile): Promise<void>;
  /** Removes the file. Throws Missing when there is none, Locked when it is in submitted evidence. */
  delete(scope: Scope, fileToken: string): Promise<void>;
  /**
   * Marks the files as part of submitted dispute evidence, so they can no longer be deleted (the
   * disputes flow calls it when evidence is submitted). All or none: throws Missing (naming the
   * first file not there) when any of them is gone. Marking a marked file again changes nothing.
   */
  markSubmitted(scope: Scope, fileTokens: readonly string[], now: Date): Promise<void>;
}

/** Where files' bytes are kept: S3 in AWS, a private directory in the local stack. */
export interface FileBlobs {
  put(scope: Scope, fileToken: string, bytes: Uint8Array, type: FileType): Promise<void>;
  /** The bytes, or null when there are none. */
  get(scope: Scope, fileToken: string): Promise<Uint8Array | null>;
  /** Removes the bytes; nothing when there are none. */
  delete(scope: Scope, fileToken: string): Promise<void>;
  /** A URL that downloads the bytes without a key until `expiresAt`, made at `now`. */
  presign(scope: Scope, file: StoredFile, now: Date, expiresAt: Date): Promise<DownloadLink>;
}
