import { type DownloadLink, fileExpired, PinError, type Scope, type StoredFile } from '@wattle/domain';
import type { Clock, FileBlobs, FilesStore } from '@wattle/ports';
import { downloadLinkOf } from './download-link.ts';

/** GET /files/{token}: the file with a new download URL; 404 for another merchant's or a file past its retention. */
export const getFile = async (
  { files, fileBlobs, clock }: { files: FilesStore; fileBlobs: FileBlobs; clock: Clock },
  scope: Scope,
  fileToken: string,
): Promise<{ file: StoredFile; link: DownloadLink }> => {
  const now = clock.now();
  const file = await files.get(scope, fileToken);
  if (!file || fileExpired(file, now)) throw new PinError('not_found');
  return { file, link: await downloadLinkOf(fileBlobs, scope, file, now) };
};
