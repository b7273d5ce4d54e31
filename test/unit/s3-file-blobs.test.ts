import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Scope, StoredFile } from '@wattle/domain';
import { s3FileBlobs } from '@wattle/runtime/file-blobs';
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

/** An S3 client that signs with made-up credentials and records what it would send. */
const recordingClient = () => {
  const client = new S3Client({
    region: 'ap-southeast-2',
    credentials: { accessKeyId: 'AKIAEXAMPLEEXAMPLE00', secretAccessKey: 'example-secret' },
  });
  const sent: unknown[] = [];
  client.send = (async (command: unknown) => {
    sent.push(command);
    return {};
  }) as typeof client.send;
  return { client, sent };
};

describe('files in S3', () => {
  it('keeps each file as one object under its merchant, environment and token, with its type', async () => {
    const { client, sent } = recordingClient();
    const blobs = s3FileBlobs(client, 'wattle-files');
    await blobs.put(scope, file.token, new TextEncoder().encode('%PDF-1.4'), 'application/pdf');
    await blobs.delete(scope, file.token);
    expect(sent[0]).toBeInstanceOf(PutObjectCommand);
    expect((sent[0] as PutObjectCommand).input).toMatchObject({
      Bucket: 'wattle-files',
      Key: `acct_s3/live/${file.token}`,
      ContentType: 'application/pdf',
    });
    expect(sent[1]).toBeInstanceOf(DeleteObjectCommand);
    expect((sent[1] as DeleteObjectCommand).input).toEqual({
      Bucket: 'wattle-files',
      Key: `acct_s3/live/${file.token}`,
    });
  });

  it('presigns a GET at the clock’s time, for the lifetime asked, saving under the original name', async () => {
    const blobs = s3FileBlobs(recordingClient().client, 'wattle-files');
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
