import { type DownloadLink, downloadUrlLifetimeSeconds, type Scope, type StoredFile } from '@wattle/domain';
import type { FileBlobs } from '@wattle/ports';

/** A fresh download URL of the file, working for the documented lifetime from `now`. */
export const downloadLinkOf = (
  fileBlobs: FileBlobs,
  scope: Scope,
  file: StoredFile,
  now: Date,
): Promise<DownloadLink> =>
  fileBlobs.presign(scope, file, now, new Date(now.getTime() + downloadUrlLifetimeSeconds * 1000));
