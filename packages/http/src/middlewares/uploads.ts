import type { Upload } from '../parse-multipart.ts';

/**
 * The file parts of each request's multipart body, kept apart from the upload body read so that
 * parseRequest (on every route) can read them without bundling the multipart parser into every
 * function.
 */
const uploads = new WeakMap<object, Record<string, Upload>>();

/** The file parts of the request's multipart body (none for any other body). */
export const uploadsOf = (event: object): Record<string, Upload> => uploads.get(event) ?? Object.create(null);

export const setUploads = (event: object, parts: Record<string, Upload>): void => {
  uploads.set(event, parts);
};
