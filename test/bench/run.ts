/**
 * `npm run bench` (never part of `npm test`): API throughput and latency against the storage
 * floor and against Stoplight Prism mocking the OpenAPI document, DynamoDB round trips and
 * capacity per operation, the partitions one busy merchant heats (and the rate at which each would
 * throttle in AWS), the scheduler's reads a run with nothing due and its clock advance, Lambda bundle sizes and cold starts; then the store engines' peer table
 * (engines.ts: the memory engine, the DynamoDB Local engine and stripe-stateful-mock).
 * Writes the generated section of docs/performance/benchmarks.md, and docs/performance/engines.md.
 *
 *   npm run bench                  # the full run (a few minutes), rewrites docs/performance/benchmarks.md
 *   npm run bench -- --quick       # a smoke run, written to a temporary file
 *   npm run bench -- --out FILE    # write elsewhere
 *   npm run bench -- --only 'get charge,list charges'
 *                                  # only these operations under load, no bundles; a temporary file
 *   BENCH_CONCURRENCY=16 npm run bench
 */
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseOperationNames } from './api-operations.ts';
import { benchEngines } from './engines.ts';
import { writeEnginesReport } from './engines-report.ts';
import { benchHotItems } from './hot-items.ts';
import { benchBundles } from './lambda-bundles.ts';
import { machine } from './machine.ts';
import { type BenchReport, writeReport } from './report.ts';
import { benchSchedulerReads } from './scheduler-reads.ts';
import { benchService, measuredOperations } from './service-bench.ts';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    out: { type: 'string' },
    only: { type: 'string' },
  },
});
const quick = values.quick ?? false;
const only = values.only === undefined ? undefined : parseOperationNames(values.only, measuredOperations);
// A partial run (quick, or some operations only) never replaces the full report.
const out =
  values.out ??
  (quick || only
    ? join(tmpdir(), `wattle-benchmarks-${only ? 'only' : 'quick'}.md`)
    : fileURLToPath(new URL('../../docs/performance/benchmarks.md', import.meta.url)));
const settings = {
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 8),
  durationMs: quick ? 2_000 : 10_000,
  rounds: quick ? 2 : 5,
  warmupMs: quick ? 500 : 2_000,
  coldStartRuns: quick ? 3 : 7,
  quick,
  only,
};
const log = (line: string) => console.log(line);

const started = Date.now();
const host = machine();
log(`Load average at start: ${host.loadAtStart.join(', ')} on ${host.cores} cores`);
log('API operations on the local stack:');
const { operations, peer } = await benchService({ ...settings, log });
// The hot partitions and the bundles are no API operation: a run of some operations leaves them out.
if (!only) log('Hot partitions (one merchant, create charges then subscription starts):');
const hotItems = only
  ? undefined
  : await benchHotItems({ concurrency: settings.concurrency * 2, durationMs: settings.durationMs });
if (!only) log('The scheduler with nothing due (its reads a run, clock advances):');
const scheduler = only ? undefined : await benchSchedulerReads(quick ? 10 : 50);
if (!only) log('Lambda bundles:');
const bundles = only ? undefined : await benchBundles(settings.coldStartRuns, log);
const report: BenchReport = {
  machine: host,
  loadAtEnd: loadavg().map((x) => Math.round(x * 100) / 100),
  settings,
  seconds: (Date.now() - started) / 1000,
  operations,
  peer,
  hotItems,
  scheduler,
  bundles,
};
writeReport(out, report);
log(`Written to ${out} in ${report.seconds.toFixed(0)} s`);

// The engines' table: a run of some operations leaves it out; a partial run writes it beside its report.
if (!only) {
  log('The store engines and stripe-stateful-mock (create, get and list charges):');
  const rows = await benchEngines({ ...settings, log });
  const enginesOut =
    quick || values.out
      ? out.replace(/\.md$/, '-engines.md')
      : fileURLToPath(new URL('../../docs/performance/engines.md', import.meta.url));
  writeEnginesReport(enginesOut, { machine: machine(), settings, rows });
  log(`Written to ${enginesOut}`);
}
