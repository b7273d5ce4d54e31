import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { S3Client } from '@aws-sdk/client-s3';
import type { Scope, StoredFile } from '@wattle/domain';
import { s3FileBlobs } from '@wattle/file-storage';
import { describe, expect, it } from 'vitest';

const scope: Scope = { accountId: 'acct_s3', environment: 'live' };
const file: StoredFile = {
  token: 'file_0000000000000000000001',
  originalFilename: 'reçu "final".pdf',
  purpose: 'dispute_evidence',
  size: 8,
  mimeType: 'application/pdf',
  uploadedAt: '2026-11-24T10:00:00Z',
  evidenceSubmitted: false,
};
const region = 'ap-southeast-2';
const credentials = { accessKeyId: 'AKIAEXAMPLEEXAMPLE00', secretAccessKey: 'example-secret' };

interface Answer {
  status: number;
  body?: Uint8Array;
}
interface Sent {
  method: string;
  hostname: string;
  path: string;
  headers: Record<string, string>;
  body?: unknown;
}

/**
 * Files in S3 through @aws-sdk/client-s3 with made-up credentials, its HTTP handler recording the
 * signed requests and giving the answers asked (retries as the standard mode makes them, no wait).
 */
const recording = (...answers: Answer[]) => {
  const sent: Sent[] = [];
  const client = new S3Client({
    region,
    credentials,
    retryMode: 'standard',
    requestHandler: {
      handle: async (request: Sent) => {
        sent.push({ ...request, headers: { ...request.headers } });
        const answer = answers.shift() ?? { status: 200 };
        return {
          response: {
            statusCode: answer.status,
            headers: answer.status >= 300 ? { 'content-type': 'application/xml' } : {},
            body: Readable.from([Buffer.from(answer.body ?? new Uint8Array())]),
          },
        };
      },
    } as never,
  });
  return { blobs: s3FileBlobs({ bucket: 'wattle-files', client }), sent };
};

const errorAnswer = (status: number, code: string): Answer => ({
  status,
  body: new TextEncoder().encode(
    `<?xml version="1.0"?><Error><Code>${code}</Code><Message>No.</Message></Error>`,
  ),
});

describe('files in S3', () => {
  it('keeps each file as one object under its merchant, environment and token, with its type', async () => {
    const { blobs, sent } = recording();
    const bytes = new TextEncoder().encode('%PDF-1.4');
    await blobs.put(scope, file.token, bytes, 'application/pdf');
    await blobs.delete(scope, file.token);
    const [put, del] = sent;
    expect({ method: put?.method, hostname: put?.hostname, path: put?.path }).toEqual({
      method: 'PUT',
      hostname: 'wattle-files.s3.ap-southeast-2.amazonaws.com',
      path: `/acct_s3/live/${file.token}`,
    });
    expect(put?.headers['content-type']).toBe('application/pdf');
    expect({ method: del?.method, path: del?.path }).toEqual({
      method: 'DELETE',
      path: `/acct_s3/live/${file.token}`,
    });
    // Signed by the SDK with SigV4 for S3 in the function's region, the payload's hash signed with it.
    expect(put?.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(put?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAEXAMPLEEXAMPLE00\/\d{8}\/ap-southeast-2\/s3\/aws4_request, SignedHeaders=.*content-type;.*host;.*x-amz-content-sha256;x-amz-date.*, Signature=[0-9a-f]{64}$/,
    );
  });

  it('reads the bytes back, and a missing object as none', async () => {
    const { blobs } = recording(
      { status: 200, body: new Uint8Array([1, 2, 3]) },
      errorAnswer(404, 'NoSuchKey'),
    );
    expect(await blobs.get(scope, file.token)).toEqual(new Uint8Array([1, 2, 3]));
    expect(await blobs.get(scope, file.token)).toBeNull();
  });

  it('throws S3’s refusal as the SDK names it, and the standard mode tries a 5xx again', async () => {
    const denied = recording(errorAnswer(403, 'AccessDenied'));
    await expect(denied.blobs.get(scope, file.token)).rejects.toMatchObject({
      name: 'AccessDenied',
      $metadata: { httpStatusCode: 403 },
    });
    expect(denied.sent).toHaveLength(1);

    const flaky = recording(errorAnswer(500, 'InternalError'));
    await flaky.blobs.delete(scope, file.token);
    expect(flaky.sent).toHaveLength(2);
  });

  it('presigns a GET at the clock’s time, for the lifetime asked, saving under the original name', async () => {
    const { blobs } = recording();
    const now = new Date('2026-11-24T10:00:00Z');
    const expiresAt = new Date('2026-11-24T10:15:00Z');
    const link = await blobs.presign(scope, file, now, expiresAt);
    expect(link.expiresAt).toEqual(expiresAt);
    const url = new URL(link.url);
    expect(url.hostname).toBe('wattle-files.s3.ap-southeast-2.amazonaws.com');
    expect(url.pathname).toBe(`/acct_s3/live/${file.token}`);
    expect(url.searchParams.get('X-Amz-Date')).toBe('20261124T100000Z');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('response-content-type')).toBe('application/pdf');
    expect(url.searchParams.get('response-content-disposition')).toBe(
      `attachment; filename="re_u _final_.pdf"; filename*=UTF-8''re%C3%A7u%20%22final%22.pdf`,
    );
  });
});
