import { createHash } from 'node:crypto';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Scope, StoredFile } from '@wattle/domain';
import { type S3Answer, type S3Request, s3FileBlobs } from '@wattle/runtime/file-blobs';
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

/** Files in S3 with made-up credentials, recording the signed requests and giving the answers asked. */
const recording = (...answers: (S3Answer | Error)[]) => {
  const sent: S3Request[] = [];
  const blobs = s3FileBlobs({
    bucket: 'wattle-files',
    region,
    credentials,
    send: async (request) => {
      sent.push(request);
      const answer = answers.shift() ?? { status: 200, body: new Uint8Array() };
      if (answer instanceof Error) throw answer;
      return answer;
    },
  });
  return { blobs, sent };
};

const errorAnswer = (status: number, code: string): S3Answer => ({
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
    expect(put?.body).toBe(bytes);
    expect({ method: del?.method, path: del?.path, body: del?.body }).toEqual({
      method: 'DELETE',
      path: `/acct_s3/live/${file.token}`,
      body: undefined,
    });
    // Signed with SigV4 for S3 in the function's region, the payload's hash signed with it.
    expect(put?.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(put?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAEXAMPLEEXAMPLE00\/\d{8}\/ap-southeast-2\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
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

  it('throws S3’s refusal by its code, and tries a failed attempt again, up to three', async () => {
    const denied = recording(errorAnswer(403, 'AccessDenied'));
    await expect(denied.blobs.get(scope, file.token)).rejects.toMatchObject({
      name: 'AccessDenied',
      status: 403,
    });
    expect(denied.sent).toHaveLength(1);

    // A dropped connection, as Node reports it (the SDK's standard strategy retries it by its code).
    const hangUp = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const flaky = recording(errorAnswer(503, 'SlowDown'), hangUp);
    await flaky.blobs.put(scope, file.token, new Uint8Array([1]), 'application/pdf');
    expect(flaky.sent).toHaveLength(3);

    const down = recording(...[1, 2, 3].map(() => errorAnswer(500, 'InternalError')));
    await expect(down.blobs.delete(scope, file.token)).rejects.toMatchObject({ name: 'InternalError' });
    expect(down.sent).toHaveLength(3);
  });

  it('tries again what the SDK’s standard strategy does, and not a failure that will not pass', async () => {
    // S3's RequestTimeout is a 400 worth another attempt; an unknown host is not.
    const slow = recording(errorAnswer(400, 'RequestTimeout'));
    await slow.blobs.delete(scope, file.token);
    expect(slow.sent).toHaveLength(2);

    const nowhere = recording(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
    await expect(nowhere.blobs.delete(scope, file.token)).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(nowhere.sent).toHaveLength(1);
  });

  it('asks the credential provider once for requests made at once, as the other AWS clients do', async () => {
    let asked = 0;
    const blobs = s3FileBlobs({
      bucket: 'wattle-files',
      region,
      credentials: async () => {
        asked++;
        return credentials;
      },
      send: async () => ({ status: 200, body: new Uint8Array() }),
    });
    await Promise.all([1, 2, 3].map(() => blobs.delete(scope, file.token)));
    await blobs.presign(scope, file, new Date(), new Date(Date.now() + 60_000));
    expect(asked).toBe(1);
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

  it('presigns exactly the URL the SDK’s presigner makes, with a session token too', async () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const expiresAt = new Date('2026-11-24T10:15:00Z');
    const session = { ...credentials, sessionToken: 'session/token+with=odd&chars' };
    const ours = s3FileBlobs({ bucket: 'wattle-files', region, credentials: session });
    const sdk = new S3Client({ region, credentials: session });
    const command = new GetObjectCommand({
      Bucket: 'wattle-files',
      Key: `acct_s3/live/${file.token}`,
      ResponseContentType: file.mimeType,
      ResponseContentDisposition: `attachment; filename="re_u _final_.pdf"; filename*=UTF-8''re%C3%A7u%20%22final%22.pdf`,
    });
    expect((await ours.presign(scope, file, now, expiresAt)).url).toBe(
      await getSignedUrl(sdk, command, { expiresIn: 900, signingDate: now }),
    );
  });
});
