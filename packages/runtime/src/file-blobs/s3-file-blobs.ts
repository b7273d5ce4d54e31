import { downloadFilename, type Scope } from '@wattle/domain';
import type { FileBlobs } from '@wattle/ports';
import { attachmentDisposition } from './download-name.ts';
import { S3Error, type S3Options, s3Requests } from './s3-requests.ts';

/** One object per file, under its merchant and environment. */
export const objectKey = (scope: Scope, fileToken: string): string =>
  `${scope.accountId}/${scope.environment}/${fileToken}`;

/**
 * Files' bytes in the S3 bucket (encrypted at rest by the bucket's key, never public). A download
 * URL is presigned with the function's role, at the runtime clock's time, and names the type and
 * the download name (downloadFilename: the original, its extension the type's), so the browser
 * saves what was uploaded under a name that says what it is.
 */
export const s3FileBlobs = (options: S3Options): FileBlobs => {
  const s3 = s3Requests(options);
  return {
    put: async (scope, fileToken, bytes, type) => {
      await s3.send('PUT', objectKey(scope, fileToken), { body: bytes, headers: { 'content-type': type } });
    },
    get: async (scope, fileToken) => {
      try {
        return (await s3.send('GET', objectKey(scope, fileToken))).body;
      } catch (error) {
        if (error instanceof S3Error && error.code === 'NoSuchKey') return null;
        throw error;
      }
    },
    delete: async (scope, fileToken) => {
      await s3.send('DELETE', objectKey(scope, fileToken));
    },
    presign: async (scope, file, now, expiresAt) => {
      const expiresIn = Math.round((expiresAt.getTime() - now.getTime()) / 1000);
      const query = {
        'response-content-type': file.mimeType,
        'response-content-disposition': attachmentDisposition(downloadFilename(file)),
      };
      return { url: await s3.presignGet(objectKey(scope, file.token), query, now, expiresIn), expiresAt };
    },
  };
};
