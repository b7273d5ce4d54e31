import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type OwnStack, type OwnStackOptions, startOwnStack } from './stack.ts';

/** Test keys a project's CI fixes for the seeded merchant. */
export interface FixedTestKeys {
  secretKey: string;
  publishableKey: string;
}

/**
 * A stack as a project's CI starts it: kept in `dataDir` (a reset and a restart see its data), the
 * seeded merchant's test keys from a file there (`--keys-from`); `options` add to it.
 */
export const startWithFixedTestKeys = (
  dataDir: string,
  test: FixedTestKeys,
  options: Partial<OwnStackOptions> = {},
): Promise<OwnStack> => {
  const keysFile = join(dataDir, 'ci-keys.json');
  writeFileSync(keysFile, JSON.stringify({ test }));
  return startOwnStack({ ...options, dataDir, inMemory: false, args: ['--keys-from', keysFile] });
};
