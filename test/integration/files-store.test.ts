import type { Scope, StoredFile } from '@wattle/domain';
import { Locked, Missing, TokenTaken } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { useTable } from '../helpers/table.ts';

const table = useTable();

const scope: Scope = { accountId: 'acct_files', environment: 'test' };
let n = 0;
const newFile = (): StoredFile => ({
  token: `file_${String(++n).padStart(22, '0')}`,
  originalFilename: 'receipt.pdf',
  purpose: 'dispute_evidence',
  size: 1234,
  mimeType: 'application/pdf',
  uploadedAt: '2026-11-24T10:00:00Z',
  evidenceSubmitted: false,
});
const now = new Date('2026-11-24T11:00:00Z');

describe('files in the table', () => {
  it('are kept once, and seen only by their merchant in their environment', async () => {
    const file = newFile();
    await table.store.files.create(scope, file);
    expect(await table.store.files.get(scope, file.token)).toEqual(file);
    await expect(table.store.files.create(scope, file)).rejects.toBeInstanceOf(TokenTaken);
    expect(await table.store.files.get({ ...scope, environment: 'live' }, file.token)).toBeNull();
    expect(await table.store.files.get({ ...scope, accountId: 'acct_other' }, file.token)).toBeNull();
  });

  it('are deleted once; a second deletion, or one by another merchant, is Missing', async () => {
    const file = newFile();
    await table.store.files.create(scope, file);
    await expect(
      table.store.files.delete({ ...scope, accountId: 'acct_other' }, file.token),
    ).rejects.toBeInstanceOf(Missing);
    await table.store.files.delete(scope, file.token);
    expect(await table.store.files.get(scope, file.token)).toBeNull();
    await expect(table.store.files.delete(scope, file.token)).rejects.toBeInstanceOf(Missing);
  });

  it('marked as submitted evidence, all together, can no longer be deleted', async () => {
    const [a, b] = [newFile(), newFile()];
    await table.store.files.create(scope, a);
    await table.store.files.create(scope, b);
    await table.store.files.markSubmitted(scope, [a.token, b.token, a.token], now);
    // Marking again changes nothing.
    await table.store.files.markSubmitted(scope, [a.token], new Date('2026-12-01T00:00:00Z'));
    for (const file of [a, b]) {
      expect(await table.store.files.get(scope, file.token)).toEqual({ ...file, evidenceSubmitted: true });
      await expect(table.store.files.delete(scope, file.token)).rejects.toBeInstanceOf(Locked);
    }
  });

  it('are marked all or none: a missing file marks nothing and names itself', async () => {
    const file = newFile();
    await table.store.files.create(scope, file);
    const gone = 'file_9999999999999999999999';
    await expect(table.store.files.markSubmitted(scope, [file.token, gone], now)).rejects.toMatchObject({
      constructor: Missing,
      token: gone,
    });
    expect((await table.store.files.get(scope, file.token))?.evidenceSubmitted).toBe(false);
    // Another merchant's file is missing too.
    await expect(
      table.store.files.markSubmitted({ ...scope, accountId: 'acct_other' }, [file.token], now),
    ).rejects.toBeInstanceOf(Missing);
  });

  it('racing a deletion against the submission: either the file is gone or it is marked, never both', async () => {
    const file = newFile();
    await table.store.files.create(scope, file);
    const [deleted, marked] = await Promise.allSettled([
      table.store.files.delete(scope, file.token),
      table.store.files.markSubmitted(scope, [file.token], now),
    ]);
    const stored = await table.store.files.get(scope, file.token);
    if (deleted.status === 'fulfilled') {
      expect(marked.status).toBe('rejected');
      expect(stored).toBeNull();
    } else {
      expect(marked.status).toBe('fulfilled');
      expect(stored?.evidenceSubmitted).toBe(true);
    }
  });
});
