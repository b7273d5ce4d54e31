/**
 * The hot-items scenario of `npm run bench`: one merchant driven hard with create charges on
 * DynamoDB Local (hot-items-process.ts), every write counted per partition by DynamoDB's rules
 * (write-census.ts), and from that the rate at which each kind of partition would throttle in
 * AWS, where one partition takes at most 1,000 write units a second. DynamoDB Local never
 * throttles: its rate is only how fast the emulator went; the ceilings are the design's.
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
   * Write units per charge on one partition of the kind, on average: the kinds spread by a hash
   * (shards) take even shares in the long run, whatever a short run's sample shows.
   */
  unitsPerCharge: number;
  /** The same on the busiest partition of the kind in this run. */
  busiestPerCharge: number;
  /** Charges a second at which a partition of the kind reaches 1,000 write units a second. */
  ceiling: number;
}

export interface HotItemsResult {
  charges: number;
  perSecond: number;
  errors: number;
  webhooksPerCharge: number;
  /** All write units per charge, by DynamoDB's rules: the request's, the fan-out's, the webhook's. */
  unitsPerCharge: number;
  writesPerCharge: number;
  partitions: HotPartition[];
}

export const partitionLimit = 1_000;

const entry = fileURLToPath(new URL('./hot-items-process.ts', import.meta.url));

const runProcess = (settings: HotItemsSettings): Promise<HotItemsRun> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, JSON.stringify(settings)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, WATTLE_LOG_LEVEL: 'SILENT' },
    });
    child.once('message', (run: HotItemsRun) => resolve(run));
    child.once('exit', (code) =>
      reject(new Error(`The hot-items process exited (${code}) without a result`)),
    );
  });

/** Groups a run's partition loads by kind and derives each kind's ceiling. */
export const hotPartitions = (run: HotItemsRun): HotPartition[] => {
  const kinds = new Map<string, HotPartition>();
  for (const load of run.loads) {
    const pattern = partitionPattern(load.partition, run.scope);
    const id = `${load.on}\u0000${pattern}`;
    const perCharge = load.units / run.charges;
    const kind = kinds.get(id) ?? {
      on: load.on,
      pattern,
      scope: load.partition.includes(run.scope) ? 'merchant' : 'table',
      partitions: 0,
      unitsPerCharge: 0,
      busiestPerCharge: 0,
      ceiling: 0,
    };
    kind.unitsPerCharge = (kind.unitsPerCharge * kind.partitions + perCharge) / (kind.partitions + 1);
    kind.partitions += 1;
    kind.busiestPerCharge = Math.max(kind.busiestPerCharge, perCharge);
    kind.ceiling = partitionLimit / kind.unitsPerCharge;
    kinds.set(id, kind);
  }
  return [...kinds.values()].sort((a, b) => a.ceiling - b.ceiling);
};

export const benchHotItems = async (settings: HotItemsSettings): Promise<HotItemsResult> => {
  const run = await runProcess(settings);
  if (run.errors > 0) throw new Error(`Hot-items charges failed: ${run.firstError}`);
  const units = run.loads.reduce((sum, load) => sum + load.units, 0);
  const writes = run.loads.filter((l) => l.on === 'table').reduce((sum, load) => sum + load.writes, 0);
  return {
    charges: run.charges,
    perSecond: run.charges / run.seconds,
    errors: run.errors,
    webhooksPerCharge: run.webhooksDelivered / run.charges,
    unitsPerCharge: units / run.charges,
    writesPerCharge: writes / run.charges,
    partitions: hotPartitions(run),
  };
};

const rate = (value: number): string =>
  Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '∞';

/** The report's section: the ceilings per kind of partition, the binding ones first. */
export const hotItemsSection = (r: HotItemsResult, shown = 14): string[] => {
  const merchant = r.partitions.filter((p) => p.scope === 'merchant');
  const binding = merchant[0];
  return [
    '### Hot partitions: one merchant driven hard',
    '',
    `One merchant with one webhook endpoint creates captured charges as fast as the local stack takes them (${r.charges} charges, ${r.perSecond.toFixed(0)} a second on DynamoDB Local, which never throttles); every write the stack made meanwhile (the requests', the event fan-out's, the webhooks' and their deliveries': ${r.webhooksPerCharge.toFixed(2)} webhooks a charge) is counted per partition by DynamoDB's billing rules (\`test/bench/item-size.ts\`: a unit per KB of the item, two in a transaction, every index entry written or removed likewise): ${r.writesPerCharge.toFixed(1)} table writes and **${r.unitsPerCharge.toFixed(1)} write units per charge** in all. In AWS one partition takes at most ${partitionLimit.toLocaleString('en-US')} write units a second: a partition kind's ceiling is the charges a second at which one of its partitions reaches that, taking its average share (the shards are chosen by a hash, even in the long run; the busiest of this short run is shown in brackets). Table items are counted per item (DynamoDB splits a busy partition between its items), except items appended in time order, counted per partition key (every append lands at the end of the key range, which no split relieves); index entries per index partition key. "table" partitions are shared by every merchant of the table.`,
    '',
    `One merchant's ceiling: **${rate(binding?.ceiling ?? Number.POSITIVE_INFINITY)} charges a second**${binding ? ` (${binding.on === 'table' ? 'the table' : `index ${binding.on}`}: \`${binding.pattern}\`)` : ''}.`,
    '',
    '| on | partition (S = the merchant and environment) | of | partitions seen | write units per charge on one (busiest seen) | ceiling, charges a second |',
    '|---|---|---|---:|---:|---:|',
    ...r.partitions
      .slice(0, shown)
      .map(
        (p) =>
          `| ${p.on} | \`${p.pattern}\` | ${p.scope} | ${p.partitions} | ${p.unitsPerCharge.toFixed(2)} (${p.busiestPerCharge.toFixed(2)}) | ${rate(p.ceiling)} |`,
      ),
    '',
  ];
};
