import { S3Client } from '@aws-sdk/client-s3';
import { diskFileBlobs, s3FileBlobs } from '@wattle/file-storage';
import type { FileBlobs } from '@wattle/ports';
import { awsClientSettings, functionAwsClient } from './aws-clients.ts';
import type { Part } from './deps.ts';

/**
 * The file store the environment names (the adapters: @wattle/file-storage): the S3 bucket in AWS (WATTLE_FILES_BUCKET), or the local
 * stack's directory (WATTLE_FILES_DIR, with WATTLE_FILES_URL_KEY signing download URLs served
 * under WATTLE_FILES_URL_BASE). Only the files function imports this module, so only its bundle
 * carries the S3 client. An endpoint of its own (AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL: an
 * emulator) is addressed path-style, as emulators on localhost need; AWS's, virtual-hosted.
 */
export const fileBlobsFromEnv = (env: NodeJS.ProcessEnv = process.env): FileBlobs => {
  if (env.WATTLE_FILES_BUCKET) {
    if (!env.AWS_REGION) throw new Error('Set AWS_REGION (Lambda sets it) for the files bucket');
    const forcePathStyle = Boolean(env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL);
    const client = functionAwsClient(new S3Client({ ...awsClientSettings(), forcePathStyle }));
    return s3FileBlobs({ bucket: env.WATTLE_FILES_BUCKET, client });
  }
  const dir = env.WATTLE_FILES_DIR;
  const key = env.WATTLE_FILES_URL_KEY;
  if (!dir || !key || !/^[0-9a-f]{64}$/i.test(key))
    throw new Error(
      'Set WATTLE_FILES_BUCKET (AWS) or WATTLE_FILES_DIR and WATTLE_FILES_URL_KEY (64 hex digits, local)',
    );
  return diskFileBlobs({
    dir,
    urlKey: Buffer.from(key, 'hex'),
    urlBase: () => env.WATTLE_FILES_URL_BASE ?? 'http://127.0.0.1/_local/files',
  });
};

/** The files function's part (functionDeps): the file store the environment names. */
export const fileBlobs: Part<FileBlobs> = () => fileBlobsFromEnv();
