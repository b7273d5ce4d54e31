import type { Fields } from './fields.ts';
import { badRequest, guardFields } from './fields.ts';

/** A file part of a multipart body: its bytes exactly as sent. */
export interface Upload {
  /** The filename the client gave (may be empty). */
  filename: string;
  /** The part's declared Content-Type (only declared: the bytes decide what the file is). */
  contentType: string;
  bytes: Buffer;
}

export interface MultipartBody {
  /** The text parts. */
  fields: Fields;
  /** The file parts (those whose Content-Disposition has a filename), by field name. */
  uploads: Record<string, Upload>;
}

/** Parts in one body: a file upload has two (`file`, `purpose`); a few more are tolerated. */
const maxParts = 20;
/** Bytes of one part's headers. */
const maxHeaderBytes = 8 * 1024;

const malformed = (why: string) => badRequest(`The multipart body could not be read: ${why}.`);

/** The boundary of a `multipart/form-data; boundary=…` Content-Type (RFC 2046: 1 to 70 characters). */
export const boundaryOf = (contentType: string): string => {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw malformed('the Content-Type has no boundary');
  return boundary;
};

/** `name="value"` parameters of a header, quoted or not; backslash escapes in quotes read as the character. */
const headerParameters = (value: string): Record<string, string> => {
  const out: Record<string, string> = Object.create(null);
  const parameter = /;\s*([A-Za-z0-9_*-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of value.matchAll(parameter)) {
    const name = match[1]!.toLowerCase();
    out[name] ??= match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : match[3]!.trim();
  }
  return out;
};

const partHeaders = (text: string): Record<string, string> => {
  const out: Record<string, string> = Object.create(null);
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw malformed('a part has a header line without a name');
    out[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return out;
};

/**
 * Reads a multipart/form-data body (RFC 7578) over its bytes, so a file's binary content comes out
 * exactly as sent. Anything it cannot read is a 400 naming the problem: no boundary, no closing
 * delimiter, a part without `Content-Disposition: form-data; name=…`, a name sent twice, too many parts.
 */
export const parseMultipart = (body: Buffer, contentType: string): MultipartBody => {
  const delimiter = Buffer.from(`--${boundaryOf(contentType)}`);
  const fields: Record<string, string> = Object.create(null);
  const uploads: Record<string, Upload> = Object.create(null);
  const seen = new Set<string>();
  let at = body.indexOf(delimiter);
  if (at < 0) throw malformed('the boundary does not occur in the body');
  for (let parts = 0; ; parts++) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString('latin1') === '--') break;
    if (parts >= maxParts) throw malformed(`a body may hold at most ${maxParts} parts`);
    if (body.subarray(at, at + 2).toString('latin1') !== '\r\n')
      throw malformed('a delimiter is not followed by a line break');
    at += 2;
    const headerEnd = body.indexOf('\r\n\r\n', at);
    if (headerEnd < 0 || headerEnd - at > maxHeaderBytes) throw malformed("a part's headers do not end");
    const headers = partHeaders(body.subarray(at, headerEnd).toString('utf8'));
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
    if (next < 0) throw malformed('the closing delimiter is missing');
    const content = body.subarray(headerEnd + 4, next);
    at = next + 2;

    const disposition = headers['content-disposition'] ?? '';
    const parameters = headerParameters(disposition);
    const name = parameters.name;
    if (!/^form-data\s*(;|$)/i.test(disposition) || !name)
      throw malformed('a part has no Content-Disposition: form-data with a name');
    if (seen.has(name)) throw malformed(`the field ${name} is sent more than once`);
    seen.add(name);
    if (parameters.filename !== undefined) {
      uploads[name] = {
        filename: parameters.filename,
        contentType: headers['content-type'] ?? 'application/octet-stream',
        bytes: Buffer.from(content),
      };
    } else fields[name] = content.toString('utf8');
  }
  return { fields: guardFields(fields), uploads };
};
