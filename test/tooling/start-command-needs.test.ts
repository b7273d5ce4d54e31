import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { hangNet } from '../helpers/hang-net.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'wattle-needs-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the start command checks what the DynamoDB engine needs before it starts it', () => {
  it(
    'npm start -- --store dynamodb says in one line that Java is missing, and exits (without --store it takes the memory engine: newcomer-without-java.test.ts)',
    async () => {
      // `npm start`'s own code, with only this Node on PATH: no java (and no bash).
      const run = await promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          'packages/local/src/main.ts',
          '--port',
          '0',
          '--in-memory',
          '--store',
          'dynamodb',
        ],
        {
          cwd: repoRoot,
          env: { PATH: dirname(process.execPath), HOME: process.env.HOME ?? '', WATTLE_DATA_DIR: dataDir },
          timeout: hangNet(60_000),
        },
      ).then(
        () => expect.fail('npm start -- --store dynamodb started without Java'),
        (failed: { code?: number; stdout: string; stderr: string }) => failed,
      );
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(
        /^Cannot start on the DynamoDB engine: Java is not on PATH, and DynamoDB Local needs Java 17 or newer: .*\. The memory engine needs none of this \(npm start -- --store memory\)\.\n$/,
      );
    },
    hangNet(90_000),
  );
});
