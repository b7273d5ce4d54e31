import type { StoredFile } from '@wattle/domain';
import { Locked, Missing, TokenTaken } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { at, type Engine, ids, newScope } from './subject.ts';

const now = at('2026-11-21T05:00:00Z');

const aFile = (): StoredFile => ({
  token: ids.token('file'),
  originalFilename: 'receipt.pdf',
  purpose: 'dispute_evidence',
  size: 10,
  mimeType: 'application/pdf',
  uploadedAt: now.toISOString(),
  evidenceSubmitted: false,
});

/** FilesStore: files' metadata, locked once in submitted evidence. */
export const describeFiles = (engine: Engine) => {
  describe('files', () => {
    it('are kept once per token (TokenTaken), by their merchant only', async () => {
      const { files } = engine();
      const scope = newScope();
      const file = aFile();
      await files.create(scope, file);
      expect(await files.get(scope, file.token)).toEqual(file);
      expect(await files.get(newScope(), file.token)).toBeNull();
      expect(await files.get({ ...scope, environment: 'live' }, file.token)).toBeNull();
      await expect(files.create(scope, file)).rejects.toEqual(new TokenTaken('file', file.token));
    });

    it('are deleted unless in submitted evidence (Locked); a gone one is Missing', async () => {
      const { files } = engine();
      const scope = newScope();
      const [loose, submitted] = [aFile(), aFile()];
      await files.create(scope, loose);
      await files.create(scope, submitted);
      await files.markSubmitted(scope, [submitted.token, submitted.token], now);
      await files.markSubmitted(scope, [submitted.token], now);
      expect(await files.get(scope, submitted.token)).toEqual({ ...submitted, evidenceSubmitted: true });
      await expect(files.delete(scope, submitted.token)).rejects.toEqual(new Locked('file', submitted.token));
      await expect(files.delete(newScope(), loose.token)).rejects.toEqual(new Missing('file', loose.token));
      await files.delete(scope, loose.token);
      expect(await files.get(scope, loose.token)).toBeNull();
      await expect(files.delete(scope, loose.token)).rejects.toEqual(new Missing('file', loose.token));
    });

    it('are marked all or none: Missing names the file not there, and none is marked', async () => {
      const { files } = engine();
      const scope = newScope();
      const file = aFile();
      await files.create(scope, file);
      const gone = ids.token('file');
      await expect(files.markSubmitted(scope, [file.token, gone], now)).rejects.toEqual(
        new Missing('file', gone),
      );
      expect((await files.get(scope, file.token))?.evidenceSubmitted).toBe(false);
      await expect(files.markSubmitted(newScope(), [file.token], now)).rejects.toEqual(
        new Missing('file', file.token),
      );
    });

    it('racing a deletion against the submission: either the file is gone or it is marked, never both', async () => {
      const { files } = engine();
      const scope = newScope();
      const file = aFile();
      await files.create(scope, file);
      const [deleted, marked] = await Promise.allSettled([
        files.delete(scope, file.token),
        files.markSubmitted(scope, [file.token], now),
      ]);
      const stored = await files.get(scope, file.token);
      expect([deleted.status, marked.status].sort()).toEqual(['fulfilled', 'rejected']);
      if (deleted.status === 'fulfilled') expect(stored).toBeNull();
      else expect(stored?.evidenceSubmitted).toBe(true);
    });
  });
};
