import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { downloadFilename, type Scope } from '@wattle/domain';
import type { FileBlobs } from '@wattle/ports';
import { attachmentDisposition } from './download-name.ts';

/** One object per file, under its merchant and environment. */
export const objectKey = (scope: Scope, fileToken: string): string =>
  `${scope.accountId}/${scope.environment}/${fileToken}`;

export interface S3Options {
  bucket: string;
  /** The files function's S3 client (runtime's aws-clients.ts settings; tests bring their own). */
  client: S3Client;
}

/**
 * Files' bytes in the S3 bucket (encrypted at rest by the bucket's key, never public), through
 * @aws-sdk/client-s3. A download URL is presigned (@aws-sdk/s3-request-presigner) with the
 * function's role, at the runtime clock's time, and names the type and the download name
 * (downloadFilename: the original, its extension the type's), so the browser saves what was
 * uploaded under a name that says what it is.
 */
export const s3FileBlobs = ({ bucket, client: s3 }: S3Options): FileBlobs => ({
  put: async (scope, fileToken, bytes, type) => {
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: objectKey(scope, fileToken),
        Body: bytes,
        ContentType: type,
      }),
    );
  },
  get: async (scope, fileToken) => {
    try {
      const object = await s3.send(
        new GetObjectCommand({ Bucket: bucket, Key: objectKey(scope, fileToken) }),
      );
      return object.Body ? await object.Body.transformToByteArray() : null;
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  },
  delete: async (scope, fileToken) => {
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(scope, fileToken) }));
  },
  presign: async (scope, file, now, expiresAt) => {
    const command = new GetObjectCommand({
      Bucket: bucket,
      Key: objectKey(scope, file.token),
      ResponseContentType: file.mimeType,
      ResponseContentDisposition: attachmentDisposition(downloadFilename(file)),
    });
    const expiresIn = Math.round((expiresAt.getTime() - now.getTime()) / 1000);
    return { url: await getSignedUrl(s3, command, { expiresIn, signingDate: now }), expiresAt };
  },
});
