export * from './disk-file-blobs.ts';
export * from './download-name.ts';
export * from './local-download-url.ts';
export * from './s3-file-blobs.ts';
