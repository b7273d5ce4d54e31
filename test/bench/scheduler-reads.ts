/**
 * The scheduler's reads in `npm run bench`: the Queries one run makes with nothing due (one per
 * due partition, every kind of job and the fan-out markers together), what a month of them costs in AWS, and how long a clock advance with nothing due
 * takes on DynamoDB Local (the scheduler's handler, as `POST /_local/clock/advance` runs it).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SchedulerRun } from './scheduler-process.ts';

export type SchedulerReads = SchedulerRun;

const entry = fileURLToPath(new URL('./scheduler-process.ts', import.meta.url));

export const benchSchedulerReads = (advances: number): Promise<SchedulerReads> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, String(advances)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, WATTLE_LOG_LEVEL: 'SILENT' },
    });
    child.once('message', (run: SchedulerRun) => resolve(run));
    child.once('exit', (code) =>
      reject(new Error(`The scheduler bench process exited (${code}) without a result`)),
    );
  });

/** A Query of under 4 KB reads half a read unit, eventually consistent: on-demand, per million. */
const readUnitsPerQuery = 0.5;
const dollarsPerMillionReadUnits = 0.1424; // ap-southeast-2, on-demand: docs/operations/costs.md
const runsPerMonth = 60 * 24 * 30;

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** The report's section. */
export const schedulerSection = (r: SchedulerReads): string[] => {
  const perRun = r.runQueries;
  const queriesPerMonth = perRun * runsPerMonth;
  const dollars = (queriesPerMonth * readUnitsPerQuery * dollarsPerMillionReadUnits) / 1e6;
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  return [
    '## The scheduler with nothing due',
    '',
    `One run of the scheduler's own code (every job kind's handler and the fan-out of overdue events, side by side as its handler runs them) over DynamoDB Local, its calls counted; then ${r.advanceMs.length} clock advances of a local stack on DynamoDB Local with nothing due, each timed from the request to its answer (the scheduler's handler runs inside it). In AWS the scheduler runs once a minute: ${runsPerMonth.toLocaleString('en')} runs a month.`,
    '',
    '| | |',
    '|---|---:|',
    `| Queries a run: the due jobs and the overdue events' fan-out, side by side (one per due partition, every kind, the markers among them) | ${r.runQueries} |`,
    `| Every call of the run | ${Object.entries(r.calls)
      .map(([op, n]) => `${op} ${n}`)
      .join(', ')} |`,
    `| Queries a month | ${queriesPerMonth.toLocaleString('en')} |`,
    `| Their read cost a month (on-demand, ½ read unit each, $${dollarsPerMillionReadUnits} a million) | $${dollars.toFixed(3)} |`,
    `| Clock advance with nothing due: median | ${ms(percentile(r.advanceMs, 50))} |`,
    `| Clock advance with nothing due: p95 | ${ms(percentile(r.advanceMs, 95))} |`,
    `| Of which the run's reads alone (both readers, ${r.runQueries} Queries at once): median | ${ms(percentile(r.runMs, 50))} |`,
    '',
  ];
};
