import { loopbackUrl } from './api-client.ts';
import type { MigrateArgs } from './args.ts';
import { postLocal } from './local-control.ts';
import { localStackOrigin } from './target.ts';

/**
 * The table's data version and each migration's progress, after running those pending for
 * `migrate run` (or undoing those above `--to` for `migrate rollback`, on a table only): on a table (a deployed stack, or a DynamoDB Local by --endpoint) through the
 * store's registry and runner, or through the running local stack's control endpoints
 * (`/_local/migrations`).
 */
export const migrate = async (args: MigrateArgs, dataDir: string): Promise<unknown> => {
  if (args.table) {
    const [{ migrations, revertMigrations, runMigrations, tableStatus }, { tableStore }] = await Promise.all([
      import('@wattle/store'),
      import('./table-store.ts'),
    ]);
    const { ctx } = tableStore(args.table, args.endpoint);
    if (args.action === 'rollback') return revertMigrations(ctx, migrations, args.to ?? 0);
    return args.action === 'run' ? runMigrations(ctx, migrations) : tableStatus(ctx, migrations);
  }
  const origin = await localStackOrigin(dataDir, '--table');
  if (args.action === 'run') return postLocal(origin, '/migrations/run');
  const response = await fetch(loopbackUrl(`${origin}/_local/migrations`));
  if (!response.ok) throw new Error(`The local stack answered ${response.status}: ${await response.text()}`);
  return response.json();
};
