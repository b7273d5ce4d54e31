import type { Scope, StoredFile } from '@wattle/domain';
import type { FilesStore } from '../files.ts';
import { Locked, Missing, TokenTaken } from '../outcomes.ts';
import type { StoreWrite, StoreWriter } from './store-writes.ts';

/** The files' writes (FilesStore), once for both engines. */

/** A new file's metadata (TokenTaken when its token is there already). */
export const fileCreation = (file: StoredFile): StoreWrite[] => {
  const { evidenceSubmitted: _, ...kept } = file;
  return [
    {
      kind: 'create',
      ref: { record: 'file', token: file.token },
      fields: { file: kept },
      refusal: () => new TokenTaken('file', file.token),
    },
  ];
};

/** The file gone: Missing when it is not there, Locked when it is in submitted evidence. */
export const fileDeletion = (fileToken: string): StoreWrite[] => [
  {
    kind: 'delete',
    ref: { record: 'file', token: fileToken },
    when: { exists: true, absent: [['submittedAt']] },
    refusal: (found) => (found ? new Locked('file', fileToken) : new Missing('file', fileToken)),
  },
];

/**
 * The files marked as in submitted dispute evidence (the first submission's time stays), all or
 * none: Missing (the file) when one is not there. A dispute's step adds these to its own writes.
 */
export const filesSubmission = (fileTokens: readonly string[], now: Date): StoreWrite[] =>
  [...new Set(fileTokens)].map((token) => ({
    kind: 'update',
    ref: { record: 'file', token },
    set: {},
    setOnce: { submittedAt: now.toISOString() },
    bump: false,
    when: { exists: true },
    refusal: () => new Missing('file', token),
  }));

/** The files' port's writes, on an engine's writer: its repository extends this with its reads. */
export abstract class FileWrites implements Pick<FilesStore, 'create' | 'delete' | 'markSubmitted'> {
  constructor(protected readonly writer: StoreWriter) {}

  async create(scope: Scope, file: StoredFile): Promise<void> {
    // Nothing of these writes is stamped but by `now`: any time does where none is given.
    await this.writer.commit(scope, fileCreation(file), new Date(0));
  }

  async delete(scope: Scope, fileToken: string): Promise<void> {
    await this.writer.commit(scope, fileDeletion(fileToken), new Date(0));
  }

  async markSubmitted(scope: Scope, fileTokens: readonly string[], now: Date): Promise<void> {
    await this.writer.commit(scope, filesSubmission(fileTokens, now), now);
  }
}
