import type { Scope } from '@wattle/domain';
import { deleteFile, type FileUpload, getFile, uploadFile } from '@wattle/flows';
import { describe, expect, it } from 'vitest';
import { fakeFileBlobs } from '../../fakes/files.ts';
import { fixedClock, sequentialIds } from '../../fakes/system.ts';
import { memoryStore } from '../../helpers/memory-store.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };
const otherMerchant: Scope = { accountId: 'acct_2', environment: 'test' };
const live: Scope = { accountId: 'acct_1', environment: 'live' };

const pdf = new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
const upload: FileUpload = {
  originalFilename: 'receipt.pdf',
  purpose: 'dispute_evidence',
  bytes: pdf,
  type: 'application/pdf',
};

const setUp = () => ({
  files: memoryStore().files,
  fileBlobs: fakeFileBlobs(),
  clock: fixedClock('2026-11-24T10:00:00Z'),
  ids: sequentialIds(),
});

describe('file flows', () => {
  it('keeps the bytes and the metadata, and hands out a download URL good for 15 minutes', async () => {
    const deps = setUp();
    const { file, link } = await uploadFile(deps, scope, upload);
    expect(file).toEqual({
      token: expect.stringMatching(/^file_/),
      originalFilename: 'receipt.pdf',
      purpose: 'dispute_evidence',
      size: pdf.length,
      mimeType: 'application/pdf',
      uploadedAt: '2026-11-24T10:00:00Z',
      evidenceSubmitted: false,
    });
    expect(link.expiresAt.toISOString()).toBe('2026-11-24T10:15:00.000Z');
    expect(deps.fileBlobs.bytes.get(`acct_1#test#${file.token}`)).toEqual(pdf);
  });

  it('gives a new URL, from the time of the GET, at each read', async () => {
    const deps = setUp();
    const { file } = await uploadFile(deps, scope, upload);
    deps.clock.advance(60 * 60_000);
    const read = await getFile(deps, scope, file.token);
    expect(read.file).toEqual(file);
    expect(read.link.expiresAt.toISOString()).toBe('2026-11-24T11:15:00.000Z');
  });

  it("never shows or deletes another merchant's file, nor a test file in live", async () => {
    const deps = setUp();
    const { file } = await uploadFile(deps, scope, upload);
    for (const stranger of [otherMerchant, live]) {
      await expect(getFile(deps, stranger, file.token)).rejects.toMatchObject({ code: 'not_found' });
      await expect(deleteFile(deps, stranger, file.token)).rejects.toMatchObject({ code: 'not_found' });
    }
    expect(deps.fileBlobs.bytes.size).toBe(1);
  });

  it('deletes the metadata and the bytes; a second delete is not_found', async () => {
    const deps = setUp();
    const { file } = await uploadFile(deps, scope, upload);
    await deleteFile(deps, scope, file.token);
    expect(deps.fileBlobs.bytes.size).toBe(0);
    await expect(getFile(deps, scope, file.token)).rejects.toMatchObject({ code: 'not_found' });
    await expect(deleteFile(deps, scope, file.token)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses to delete a file in submitted dispute evidence, and keeps its bytes', async () => {
    const deps = setUp();
    const { file } = await uploadFile(deps, scope, upload);
    await deps.files.markSubmitted(scope, [file.token], deps.clock.now());
    await expect(deleteFile(deps, scope, file.token)).rejects.toMatchObject({
      code: 'dispute_evidence_already_submitted',
      status: 400,
    });
    expect(deps.fileBlobs.bytes.size).toBe(1);
    expect((await getFile(deps, scope, file.token)).file.evidenceSubmitted).toBe(true);
  });

  it('is gone once past its retention of a year', async () => {
    const deps = setUp();
    const { file } = await uploadFile(deps, scope, upload);
    deps.clock.advance(364 * 86_400_000);
    await getFile(deps, scope, file.token);
    deps.clock.advance(86_400_000);
    await expect(getFile(deps, scope, file.token)).rejects.toMatchObject({ code: 'not_found' });
  });
});
