export * from './delete-file.ts';
export * from './read-file.ts';
export * from './upload-file.ts';
