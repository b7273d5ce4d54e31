/**
 * The hot-items scenario of `npm run bench`: one merchant driven hard on DynamoDB Local
 * (hot-items-process.ts) with create charges, then subscription starts on one plan; every write
 * counted per partition by DynamoDB's rules (write-census.ts), and from that the rate at which
 * each kind of partition would throttle in AWS, where one partition takes at most 1,000 write
 * units a second. DynamoDB Local never throttles: its rate is only how fast the emulator went;
 * the ceilings are the design's.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { HotItemsRun, HotItemsSettings } from './hot-items-process.ts';
import { partitionPattern } from './write-census.ts';

/** One kind of partition (every charge's own item, the counter shards…) and its ceiling. */
export interface HotPartition {
  on: string;
  pattern: string;
  /** `merchant`: one merchant's own; `table`: shared by every merchant of the table. */
  scope: 'merchant' | 'table';
  partitions: number;
  /**
   * Write units per request on one partition of the kind, on average: the kinds spread by a hash
   * (shards) take even shares in the long run, whatever a short run's sample shows.
   */
  unitsPerRequest: number;
  /** The same on the busiest partition of the kind in this run. */
  busiestPerRequest: number;
  /** Requests a second at which a partition of the kind reaches 1,000 write units a second. */
  ceiling: number;
}

/** One burst's figures: `unit` is what one of its requests does (`charge`, `subscription start`). */
export interface HotItemsResult {
  unit: string;
  requests: number;
  perSecond: number;
  webhooksPerRequest: number;
  /** All write units per request, by DynamoDB's rules: the request's, the fan-out's, the webhooks'. */
  unitsPerRequest: number;
  writesPerRequest: number;
  partitions: HotPartition[];
}

export const partitionLimit = 1_000;

const entry = fileURLToPath(new URL('./hot-items-process.ts', import.meta.url));

const runProcess = (settings: HotItemsSettings): Promise<HotItemsRun[]> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, JSON.stringify(settings)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, WATTLE_LOG_LEVEL: 'SILENT' },
    });
    child.once('message', (runs: HotItemsRun[]) => resolve(runs));
    child.once('exit', (code) =>
      reject(new Error(`The hot-items process exited (${code}) without a result`)),
    );
  });

/** Groups a burst's partition loads by kind and derives each kind's ceiling. */
export const hotPartitions = (run: HotItemsRun): HotPartition[] => {
  const kinds = new Map<string, HotPartition>();
  for (const load of run.loads) {
    const pattern = partitionPattern(load.partition, run.scope);
    const id = `${load.on}\u0000${pattern}`;
    const perRequest = load.units / run.requests;
    const kind = kinds.get(id) ?? {
      on: load.on,
      pattern,
      scope: load.partition.includes(run.scope) ? 'merchant' : 'table',
      partitions: 0,
      unitsPerRequest: 0,
      busiestPerRequest: 0,
      ceiling: 0,
    };
    kind.unitsPerRequest = (kind.unitsPerRequest * kind.partitions + perRequest) / (kind.partitions + 1);
    kind.partitions += 1;
    kind.busiestPerRequest = Math.max(kind.busiestPerRequest, perRequest);
    kind.ceiling = partitionLimit / kind.unitsPerRequest;
    kinds.set(id, kind);
  }
  return [...kinds.values()].sort((a, b) => a.ceiling - b.ceiling);
};

const resultOf = (run: HotItemsRun): HotItemsResult => {
  if (run.errors > 0) throw new Error(`Hot-items ${run.unit}s failed: ${run.firstError}`);
  const units = run.loads.reduce((sum, load) => sum + load.units, 0);
  const writes = run.loads.filter((l) => l.on === 'table').reduce((sum, load) => sum + load.writes, 0);
  return {
    unit: run.unit,
    requests: run.requests,
    perSecond: run.requests / run.seconds,
    webhooksPerRequest: run.webhooksDelivered / run.requests,
    unitsPerRequest: units / run.requests,
    writesPerRequest: writes / run.requests,
    partitions: hotPartitions(run),
  };
};

export const benchHotItems = async (settings: HotItemsSettings): Promise<HotItemsResult[]> =>
  (await runProcess(settings)).map(resultOf);

const rate = (value: number): string =>
  Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '∞';

/** A ceiling and the partition kind that sets it. */
const ceilingText = (binding: HotPartition | undefined, unit: string): string =>
  `**${rate(binding?.ceiling ?? Number.POSITIVE_INFINITY)} ${unit}s a second**${binding ? ` (${binding.on === 'table' ? 'the table' : `index ${binding.on}`}: \`${binding.pattern}\`)` : ''}`;

const burstTable = (r: HotItemsResult, shown: number): string[] => {
  const merchant = r.partitions.find((p) => p.scope === 'merchant');
  const table = r.partitions.find((p) => p.scope === 'table');
  return [
    `**${r.unit}s**: ${r.requests} in ${(r.requests / r.perSecond).toFixed(0)} s (${r.perSecond.toFixed(0)} a second on DynamoDB Local), ${r.webhooksPerRequest.toFixed(1)} webhooks each; ${r.writesPerRequest.toFixed(1)} table writes (condition checks included) and **${r.unitsPerRequest.toFixed(1)} write units per ${r.unit}** in all. One merchant's ceiling: ${ceilingText(merchant, r.unit)}; the whole table's (every merchant): ${ceilingText(table, r.unit)}.`,
    '',
    `| on | partition (S = the merchant and environment) | of | partitions seen | write units per ${r.unit} on one (busiest seen) | ceiling, ${r.unit}s a second |`,
    '|---|---|---|---:|---:|---:|',
    ...r.partitions
      .slice(0, shown)
      .map(
        (p) =>
          `| ${p.on} | \`${p.pattern}\` | ${p.scope} | ${p.partitions} | ${p.unitsPerRequest.toFixed(2)} (${p.busiestPerRequest.toFixed(2)}) | ${rate(p.ceiling)} |`,
      ),
    '',
  ];
};

/** The report's section: per burst, the ceilings per kind of partition, the binding ones first. */
export const hotItemsSection = (results: HotItemsResult[], shown = 12): string[] => [
  '### Hot partitions: one merchant driven hard',
  '',
  `One merchant with five webhook endpoints creates captured charges as fast as the local stack takes them, then starts subscriptions to one plan (a customer each, made beforehand). Every write the stack made meanwhile (the requests', the event fan-out's, the webhooks' and their deliveries') is counted per partition by DynamoDB's billing rules (\`test/bench/item-size.ts\`: a unit per KB of the item, two in a transaction, every index entry written or removed likewise; a transaction's condition check counts as a write of its item, until a deployed table's consumed capacity says otherwise). In AWS one partition takes at most ${partitionLimit.toLocaleString('en-US')} write units a second: a partition kind's ceiling is the rate at which one of its partitions reaches that, taking its average share (shards are chosen by a hash, even in the long run; the busiest of this short run is in brackets). Table items count per item (DynamoDB splits a busy partition between its items), except items appended in time order, which count per partition key (every append lands at the end of the key range, which no split relieves); index entries per index partition key. "table" partitions are shared by every merchant. DynamoDB Local never throttles: its rates here are the emulator's.`,
  '',
  ...results.flatMap((r) => burstTable(r, shown)),
];
