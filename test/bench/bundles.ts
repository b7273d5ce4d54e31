/**
 * `npx tsx test/bench/bundles.ts [--runs N] [--keep DIR] [function…]`: only the Lambda bundles
 * part of `npm run bench` (lambda-bundles.ts), printed rather than written to docs/performance/benchmarks.md,
 * to iterate on a function's cold start in about a minute. `--keep` leaves the bundles in DIR,
 * e.g. to profile one: `node --cpu-prof -e "await import('DIR/charges/index.mjs')" --input-type=module`.
 */
import { parseArgs } from 'node:util';
import { baselineNameOf, benchBundles } from './lambda-bundles.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '5' }, keep: { type: 'string' } },
});
const report = await benchBundles(Number(values.runs), console.log, {
  only: positionals,
  ...(values.keep ? { outDir: values.keep } : {}),
});
const baselineFor = (fn: string) => report.baselines.find((b) => b.name === baselineNameOf(fn));
for (const b of [...report.functions, ...report.baselines]) {
  const { cpuMs, firstCallCpuMs } = b.withoutSourceMaps;
  const baseline = report.functions.includes(b) ? baselineFor(b.name)?.withoutSourceMaps : undefined;
  const over = (ms: number, base: number | undefined) =>
    base === undefined ? '' : ` (${ms - base >= 0 ? '+' : ''}${(ms - base).toFixed(1)} over baseline)`;
  console.log(
    `${b.name}: ${(b.bytes / 1024).toFixed(0)} KB, import ${cpuMs.toFixed(1)} ms CPU${over(cpuMs, baseline?.cpuMs)}, ` +
      `first invocation ${firstCallCpuMs.toFixed(1)} ms CPU${over(firstCallCpuMs, baseline?.firstCallCpuMs)}, ` +
      `${b.withoutSourceMaps.awsCalls} DynamoDB call(s)${b.error ? ` failed: ${b.error}` : ''}`,
  );
}
