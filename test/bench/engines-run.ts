/**
 * `npm run bench:engines`: only the engines' peer table (engines.ts), a shorter run than
 * `npm run bench`, written to docs/performance/engines.md (or `--out FILE`; `--quick` for a smoke
 * run into a temporary file).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchEngines } from './engines.ts';
import { writeEnginesReport } from './engines-report.ts';
import { machine } from './machine.ts';

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, out: { type: 'string' } },
});
const quick = values.quick ?? false;
const out =
  values.out ??
  (quick
    ? join(tmpdir(), 'wattle-engines-quick.md')
    : fileURLToPath(new URL('../../docs/performance/engines.md', import.meta.url)));
const settings = {
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 8),
  durationMs: quick ? 2_000 : 10_000,
  warmupMs: quick ? 500 : 2_000,
};
const host = machine();
console.log('The store engines and stripe-stateful-mock:');
const rows = await benchEngines({ ...settings, log: (line) => console.log(line) });
writeEnginesReport(out, { machine: host, settings, rows });
console.log(`Written to ${out}`);
