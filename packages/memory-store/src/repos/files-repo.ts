import type { Scope, StoredFile } from '@wattle/domain';
import { type FilesStore, FileWrites } from '@wattle/ports';
import { copy } from '../world/copy.ts';
import { scoped } from '../world/keys.ts';
import type { MemoryWorld } from '../world/world.ts';
import { StoreWrites } from './store-writes.ts';

interface KeptFile {
  file: Omit<StoredFile, 'evidenceSubmitted'>;
  /** When the file first went into submitted dispute evidence. */
  submittedAt?: string;
}

/**
 * Files' metadata, the mark that a file is in submitted evidence beside it; their writes are
 * @wattle/ports' (file-writes.ts).
 */
export class FilesRepo extends FileWrites implements FilesStore {
  private readonly files;

  constructor(world: MemoryWorld) {
    super(new StoreWrites(world));
    this.files = world.table<KeptFile>('file');
  }

  async get(scope: Scope, fileToken: string): Promise<StoredFile | null> {
    const kept = this.files.get(scoped(scope, fileToken));
    if (!kept) return null;
    return { ...copy(kept.file), evidenceSubmitted: kept.submittedAt !== undefined } as StoredFile;
  }
}
