import { PinError, type Scope } from '@wattle/domain';
import { type FileBlobs, type FilesStore, Locked, Missing } from '@wattle/ports';

/**
 * DELETE /files/{token}: the metadata first (refused once the file is in submitted evidence), then
 * the bytes. Bytes a failure leaves behind belong to no file and go with the bucket's lifecycle.
 */
export const deleteFile = async (
  { files, fileBlobs }: { files: FilesStore; fileBlobs: FileBlobs },
  scope: Scope,
  fileToken: string,
): Promise<void> => {
  try {
    await files.delete(scope, fileToken);
  } catch (error) {
    if (error instanceof Missing) throw new PinError('not_found');
    if (error instanceof Locked) throw new PinError('dispute_evidence_already_submitted');
    throw error;
  }
  await fileBlobs.delete(scope, fileToken);
};
