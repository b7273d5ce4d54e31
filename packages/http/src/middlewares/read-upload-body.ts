import { fileLimits, PinError } from '@wattle/domain';
import { header } from '../header.ts';
import { parseMultipart } from '../parse-multipart.ts';
import { mediaType, readBody } from './read-body.ts';
import type { ApiEvent, ApiMiddleware } from './types.ts';
import { setUploads } from './uploads.ts';

/** The largest multipart body an upload route reads: the largest file with its framing. */
export const maxUploadBodyBytes = fileLimits.maxBytes + fileLimits.maxFramingBytes;

const bytesOf = (event: ApiEvent): Buffer =>
  Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');

/**
 * The body read of a route that takes an upload (a `multipart` route of the route table): a
 * multipart/form-data body is read over its bytes (API Gateway hands it over base64-encoded), its
 * text parts becoming the request's fields and its file parts `uploadsOf(event)`; past the upload
 * limit it is a 413. Any other body goes through readBody as on every route, so a form or JSON
 * without the file gets the same field messages.
 */
export const readUploadBody = (): ApiMiddleware[] => {
  const plain = readBody();
  return [
    {
      name: 'readUploadBody',
      before: function readUploadBodyBefore(request) {
        const { event } = request;
        const contentType = header(event.headers, 'content-type') ?? '';
        if (mediaType(contentType) !== 'multipart/form-data') {
          for (const middleware of plain) middleware.before?.(request);
          return;
        }
        const bytes = bytesOf(event);
        if (bytes.length > maxUploadBodyBytes) throw new PinError('request_too_large');
        const body = parseMultipart(bytes, contentType);
        setUploads(event, body.uploads);
        (event as { body: unknown }).body = body.fields;
      },
    },
  ];
};
