import { fileTypeOf } from '@wattle/domain';
import { attachmentDisposition, checkLocalDownload } from '@wattle/file-storage';
import type { FileBlobs } from '@wattle/ports';
import { runtimeClock } from '@wattle/runtime';
import type { DownloadHandler, RawResponse } from './gateway.ts';

const refusal = (status: number, error: string, description: string): RawResponse => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: Buffer.from(JSON.stringify({ error, error_description: description })),
});

const refusals = {
  malformed: refusal(404, 'not_found', 'No file download was found at this URL.'),
  signature: refusal(403, 'forbidden', 'The download URL is not valid: its signature does not match.'),
  expired: refusal(403, 'forbidden', 'The download URL has expired. GET the file again for a new one.'),
} as const;

/**
 * The local stack's presigned downloads, as S3 serves them in AWS: the URL's signature is checked,
 * then its expiry against the stack's clock (so advancing the clock expires it), and the bytes are
 * sent with their type and as an attachment under the name the URL was signed with (downloadFilename).
 */
export const fileDownloads =
  (blobs: FileBlobs, urlKey: Buffer): DownloadHandler =>
  async (path, rawQuery) => {
    const checked = checkLocalDownload(urlKey, path, rawQuery, runtimeClock.now());
    if (!checked.ok) return refusals[checked.why];
    const bytes = await blobs.get(checked.scope, checked.fileToken);
    if (!bytes) return refusals.malformed;
    return {
      status: 200,
      headers: {
        'content-type': fileTypeOf(bytes) ?? 'application/octet-stream',
        'content-disposition': attachmentDisposition(checked.filename),
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
      body: Buffer.from(bytes),
    };
  };
