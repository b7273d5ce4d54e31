// `npm run deploy -- [cdk deploy's options]`: `cdk deploy`, then the table's pending data
// migrations (`npm run wattle -- migrate run`), the deployment's last step.
//
// After `cdk deploy` every function runs the new code, but an invocation of the old code may still
// be finishing: each ends within its 29 s timeout. When a migration is pending, the step waits that
// long first, so no old code writes in the old layout behind the migration's Scan. A migration
// stopped half way (a crash, a lost connection) resumes from its progress item when run again:
// `npm run wattle -- migrate run --table "$TABLE"` (docs/operations/runbook.md, "Migrations").
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const oldCodeEndsMs = 30_000;

const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
  return result;
};

const wattle = (args) =>
  spawnSync(process.execPath, ['scripts/wattle.mjs', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });

const dir = mkdtempSync(join(tmpdir(), 'wattle-deploy-'));
try {
  const outputsFile = join(dir, 'outputs.json');
  run('npx', ['cdk', 'deploy', '--outputs-file', outputsFile, ...process.argv.slice(2)]);
  const outputs = JSON.parse(readFileSync(outputsFile, 'utf8'));
  const table = Object.values(outputs)
    .map((stack) => stack.TableName)
    .find((name) => typeof name === 'string');
  if (!table) throw new Error(`cdk deploy wrote no TableName output to ${outputsFile}`);

  const status = wattle(['migrate', 'status', '--table', table, '--json']);
  if (status.status !== 0) process.exit(status.status ?? 1);
  const pending = JSON.parse(status.stdout).migrations.filter((m) => m.state !== 'done');
  if (pending.length === 0) {
    console.log(`Table ${table}: no data migration pending.`);
  } else {
    console.log(
      `Table ${table}: ${pending.map((m) => `${m.version} ${m.id}`).join(', ')} pending; waiting ${oldCodeEndsMs / 1000} s for the old code's last invocations to end, then migrating.`,
    );
    await new Promise((resolve) => setTimeout(resolve, oldCodeEndsMs));
    run(process.execPath, ['scripts/wattle.mjs', 'migrate', 'run', '--table', table]);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
