/**
 * Writes known-differences.ts from a run of the conformance suite, each difference with its reason,
 * and the list of them in docs/api/strictness.md ("Differences from Pin", differences-page.ts):
 *
 *   npm run conformance:list            (runs the suite on the memory engine, then writes the list)
 *   npm run conformance:list -- <file>  (from a report WATTLE_CONFORMANCE_REPORT=<file> wrote)
 *
 * A difference of an exchange recorded before 2024 is `later` when the same session's latest
 * recording answers there as Wattle does; any other gets its reason from the rules of reasons.ts.
 * A difference no rule explains is printed and nothing is written: fix it, or add its rule.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { differencesPage, differencesSection, withSection } from './differences-page.ts';
import { type Reason, type Report, reasonFor, reasons } from './reasons.ts';
import { allRecordings, replayedExchanges } from './recordings.ts';

const runSuite = (): Report => {
  const folder = mkdtempSync(join(tmpdir(), 'wattle-conformance-'));
  const file = join(folder, 'report.json');
  console.log('Running the conformance suite on the memory engine…');
  // It fails while the list is out of date: the report is what counts.
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'e2e-memory', 'test/conformance/'], {
    stdio: 'ignore',
    env: { ...process.env, WATTLE_CONFORMANCE_REPORT: file },
  });
  if (!existsSync(file)) {
    console.error(`The suite wrote no report (it ended with ${run.status}): run it by hand to see why.`);
    process.exit(1);
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
  rmSync(folder, { recursive: true });
  return report;
};

const reportFile = process.argv[2];
const report: Report = reportFile ? (JSON.parse(readFileSync(reportFile, 'utf8')) as Report) : runSuite();
const exchanges = [...allRecordings().values()].flatMap((recordings) => replayedExchanges(recordings));
const missing = exchanges.filter((exchange) => !report[exchange.id]).map((exchange) => exchange.id);
if (missing.length > 0) {
  console.error(
    `The report lacks ${missing.length} exchanges (a run of them all is needed): ${missing.join(', ')}`,
  );
  process.exit(1);
}

const unexplained: string[] = [];
const entries: string[] = [];
const known: Record<string, Record<string, Reason>> = {};
const counts = new Map<string, number>();
for (const exchange of exchanges) {
  const differences = (report[exchange.id] ?? []).toSorted();
  if (differences.length === 0) continue;
  const lines = differences.map((difference) => {
    const reason = reasonFor(exchange, difference, exchanges, report);
    if (!reason) unexplained.push(`${exchange.id}: ${difference}`);
    else {
      counts.set(reasons[reason].kind, (counts.get(reasons[reason].kind) ?? 0) + 1);
      known[exchange.id] = { ...known[exchange.id], [difference]: reasons[reason] };
    }
    return `    ${JSON.stringify(difference)}: r.${reason},`;
  });
  entries.push(`  ${JSON.stringify(exchange.id)}: {\n${lines.join('\n')}\n  },`);
}
if (unexplained.length > 0) {
  console.error(
    `No rule of reasons.ts explains these ${unexplained.length} differences:\n${unexplained.join('\n')}`,
  );
  process.exit(1);
}

const out = join(import.meta.dirname, 'known-differences.ts');
writeFileSync(
  out,
  `/**
 * Every difference the conformance suite finds today between what Pin answered (the recordings in
 * recordings/) and what Wattle answers, exchange by exchange, each with its reason (reasons.ts).
 * The suite fails when an exchange's differences are not exactly these: a fix that removes one
 * fails until it is struck from here, and a new one fails until it is fixed or listed.
 *
 * Written by \`npm run conformance:list\` (list-differences.ts): change the rules of reasons.ts and
 * run it again rather than editing this file.
 */
import { type Reason, reasons as r } from './reasons.ts';

/** By exchange id (\`<session> #<n>\`), each difference (\`path: recorded vs ours\`) and its reason. */
export const knownDifferences: Record<string, Record<string, Reason>> = {
${entries.join('\n')}
};
`,
);
spawnSync('npx', ['biome', 'format', '--write', out], { stdio: 'ignore' });
writeFileSync(differencesPage, withSection(readFileSync(differencesPage, 'utf8'), differencesSection(known)));
const identical = exchanges.filter((exchange) => (report[exchange.id] ?? []).length === 0).length;
console.log(
  `Wrote ${out}: ${identical} of ${exchanges.length} exchanges identical in shape; differences by reason: ${[...counts].map(([kind, n]) => `${kind} ${n}`).join(', ')}`,
);
