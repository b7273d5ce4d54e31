import {
  type DownloadLink,
  type FilePurpose,
  type FileType,
  type Scope,
  type StoredFile,
  toTimestamp,
} from '@wattle/domain';
import type { Clock, FileBlobs, FilesStore, Ids } from '@wattle/ports';
import { downloadLinkOf } from './download-link.ts';

export interface UploadFileDeps {
  files: FilesStore;
  fileBlobs: FileBlobs;
  clock: Clock;
  ids: Ids;
}

/** A checked upload: its bytes' type told by their signature, within the limits. */
export interface FileUpload {
  originalFilename: string;
  purpose: FilePurpose;
  bytes: Uint8Array;
  type: FileType;
}

/**
 * POST /files: the bytes first, then the metadata that makes the file exist. Should the metadata's
 * write fail, the bytes are left without a file (nothing can reach them) until the bucket's
 * lifecycle deletes them.
 */
export const uploadFile = async (
  { files, fileBlobs, clock, ids }: UploadFileDeps,
  scope: Scope,
  upload: FileUpload,
): Promise<{ file: StoredFile; link: DownloadLink }> => {
  const now = clock.now();
  const file: StoredFile = {
    token: ids.token('file'),
    originalFilename: upload.originalFilename,
    purpose: upload.purpose,
    size: upload.bytes.length,
    mimeType: upload.type,
    uploadedAt: toTimestamp(now),
    evidenceSubmitted: false,
  };
  await fileBlobs.put(scope, file.token, upload.bytes, upload.type);
  await files.create(scope, file);
  return { file, link: await downloadLinkOf(fileBlobs, scope, file, now) };
};
