import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Scope, StoredFile } from '@wattle/domain';
import { type FilesStore, FileWrites } from '@wattle/ports';
import type { StoreContext } from '../kernel/context.ts';
import { keys } from '../kernel/keys.ts';
import { StoreWrites } from './store-writes.ts';

/** The item's file; `submittedAt` (set by markSubmitted) is kept beside it, not inside it. */
const toFile = (item: Record<string, unknown>): StoredFile => ({
  ...(item.file as StoredFile),
  evidenceSubmitted: item.submittedAt !== undefined,
});

/**
 * Files' metadata, one item each. The mark that a file is in submitted dispute evidence is an
 * attribute of that item, so a deletion racing a submission is decided by one condition. Their
 * writes are @wattle/ports' (file-writes.ts).
 */
export class FilesRepo extends FileWrites implements FilesStore {
  constructor(private readonly ctx: StoreContext) {
    super(new StoreWrites(ctx));
  }

  async get(scope: Scope, fileToken: string): Promise<StoredFile | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.file(scope, fileToken),
        ConsistentRead: true,
      }),
    );
    return result.Item ? toFile(result.Item) : null;
  }
}
