import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { RehearsalContext } from './context.ts';
import { adminEnvironment } from './deploy.ts';

const run = promisify(execFile);

export interface RehearsalAccount {
  accountId: string;
  test?: { secretKey: string; publishableKey: string };
  live?: { secretKey: string; publishableKey: string };
  partnerKey?: string;
}

/**
 * An account made as docs/operations/deploying.md's "The first accounts" makes one for a deployed stack: the
 * command line writing to the table with the administrator's credentials.
 */
export const createAccount = async (
  context: RehearsalContext,
  name: string,
  partner = false,
): Promise<RehearsalAccount> => {
  const { moto, stack, administrator } = context;
  const args = [
    'tsx',
    'packages/cli/src/main.ts',
    'accounts',
    'create',
    '--name',
    name,
    '--table',
    stack.tableName,
    '--json',
  ];
  if (partner) args.push('--partner');
  const { stdout } = await run('npx', args, {
    env: adminEnvironment(moto.endpoint, administrator.credentials),
  });
  return JSON.parse(stdout) as RehearsalAccount;
};
