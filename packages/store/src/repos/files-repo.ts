import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Scope, StoredFile } from '@wattle/domain';
import { type FilesStore, Locked, Missing, TokenTaken } from '@wattle/ports';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { keys } from '../kernel/keys.ts';
import type { Transaction } from '../kernel/transaction.ts';

/** The labels of this repository's transaction items (Transaction's `L`). */
export type FileLabel = 'file' | `file:${string}`;

/** The item's file; `submittedAt` (set by markSubmitted) is kept beside it, not inside it. */
const toFile = (item: Record<string, unknown>): StoredFile => ({
  ...(item.file as StoredFile),
  evidenceSubmitted: item.submittedAt !== undefined,
});

/**
 * Marks `fileTokens` as in submitted dispute evidence, in `tx` (the submission's own transaction),
 * all or none: Missing (the file) when one is not there.
 */
export const markSubmittedIn = <L extends string>(
  tx: Transaction<L | FileLabel>,
  scope: Scope,
  fileTokens: readonly string[],
  now: Date,
): Transaction<L | FileLabel> => {
  for (const token of new Set(fileTokens)) {
    tx.update(`file:${token}`, {
      Key: keys.file(scope, token),
      // The first submission's time stays.
      UpdateExpression: 'SET submittedAt = if_not_exists(submittedAt, :now)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }).refuse(`file:${token}`, () => new Missing('file', token));
  }
  return tx;
};

/**
 * Files' metadata, one item each. The mark that a file is in submitted dispute evidence is an
 * attribute of that item, so a deletion racing a submission is decided by one condition.
 */
export class FilesRepo implements FilesStore {
  constructor(private readonly ctx: StoreContext) {}

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

  async create(scope: Scope, file: StoredFile): Promise<void> {
    const { evidenceSubmitted: _, ...kept } = file;
    await newTransaction<FileLabel>(this.ctx)
      .put('file', {
        Item: { ...keys.file(scope, file.token), _et: 'file', file: kept },
        ConditionExpression: 'attribute_not_exists(pk)',
      })
      .commit(this.ctx.doc, { file: () => new TokenTaken('file', file.token) });
  }

  async delete(scope: Scope, fileToken: string): Promise<void> {
    await newTransaction<FileLabel>(this.ctx)
      .delete('file', {
        Key: keys.file(scope, fileToken),
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(submittedAt)',
      })
      .commit(this.ctx.doc, {
        file: (found) => (found ? new Locked('file', fileToken) : new Missing('file', fileToken)),
      });
  }

  /** One transaction over the files (at most a transaction's items: evidence names a few). */
  async markSubmitted(scope: Scope, fileTokens: readonly string[], now: Date): Promise<void> {
    await markSubmittedIn(newTransaction<FileLabel>(this.ctx), scope, fileTokens, now).commit(this.ctx.doc);
  }
}
