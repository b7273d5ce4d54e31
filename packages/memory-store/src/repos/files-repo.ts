import type { Scope, StoredFile } from '@wattle/domain';
import { type FilesStore, Locked, Missing, TokenTaken } from '@wattle/ports';
import { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { scoped } from '../world/keys.ts';
import type { MemoryWorld } from '../world/world.ts';

interface KeptFile {
  file: Omit<StoredFile, 'evidenceSubmitted'>;
  /** When the file first went into submitted dispute evidence. */
  submittedAt?: string;
}

export const filesOf = (world: MemoryWorld) => world.table<KeptFile>('file');

/** Marks the files as in submitted dispute evidence in `change`, all or none (Missing, the file). */
export const markSubmittedIn = (
  world: MemoryWorld,
  change: Change,
  scope: Scope,
  fileTokens: readonly string[],
  now: Date,
): Change => {
  const files = filesOf(world);
  for (const token of new Set(fileTokens)) {
    const id = scoped(scope, token);
    change
      .check(
        () => files.has(id),
        () => new Missing('file', token),
      )
      .write(() => {
        const kept = files.get(id)!;
        kept.submittedAt ??= now.toISOString();
      });
  }
  return change;
};

/** Files' metadata; the mark that a file is in submitted evidence is kept beside it. */
export class FilesRepo implements FilesStore {
  private readonly files;

  constructor(private readonly world: MemoryWorld) {
    this.files = filesOf(world);
  }

  async get(scope: Scope, fileToken: string): Promise<StoredFile | null> {
    const kept = this.files.get(scoped(scope, fileToken));
    if (!kept) return null;
    return { ...copy(kept.file), evidenceSubmitted: kept.submittedAt !== undefined } as StoredFile;
  }

  async create(scope: Scope, file: StoredFile): Promise<void> {
    const { evidenceSubmitted: _, ...kept } = file;
    const id = scoped(scope, file.token);
    new Change()
      .check(
        () => !this.files.has(id),
        () => new TokenTaken('file', file.token),
      )
      .write(() => this.files.set(id, { file: copy(kept) }))
      .commit();
  }

  async delete(scope: Scope, fileToken: string): Promise<void> {
    const id = scoped(scope, fileToken);
    new Change()
      .check(
        () => this.files.has(id) && this.files.get(id)!.submittedAt === undefined,
        () => (this.files.has(id) ? new Locked('file', fileToken) : new Missing('file', fileToken)),
      )
      .write(() => this.files.delete(id))
      .commit();
  }

  async markSubmitted(scope: Scope, fileTokens: readonly string[], now: Date): Promise<void> {
    markSubmittedIn(this.world, new Change(), scope, fileTokens, now).commit();
  }
}
