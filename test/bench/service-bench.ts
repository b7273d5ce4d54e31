/**
 * Throughput, latency and DynamoDB cost of the API operations on the local stack, and beside each
 * the storage floor: the same DynamoDB calls sent straight to the same DynamoDB Local.
 */
import { performance } from 'node:perf_hooks';
import {
  authorise,
  merchantOn,
  merchantThrough,
  type OperationName,
  operationNames,
  operations,
} from './api-operations.ts';
import { startBareServer } from './bare-client.ts';
import { benchApi } from './bench-api.ts';
import { cpuMsOf, descendantsNamed, ownCpuMs } from './cpu.ts';
import { type Recording, recordHeader } from './ddb-recorder.ts';
import { combine, type LoadOptions, type LoadResult, median, runLoad } from './load.ts';
import { type Prism, peerMerchant, peerOperations, startPrism } from './prism-peer.ts';
import { type Cost, costOf, sameCost } from './round-trips.ts';
import { type RulesCost, readBack, unitsByRules } from './rules-units.ts';
import { newRecordingId, startService } from './service-client.ts';
import { floorClient, freshTokens, groupsOf, replay, type Tokens } from './storage-floor.ts';

/**
 * The service's own CPU per request, ms: its Node CPU less its background, read while the floor
 * ran (with the events held during the slices, `alternate`, only the idle stack's pollers).
 */
export const ownCpuMsOf = (service: PhaseResult, floor: PhaseResult): number =>
  service.serviceCpuMs - floor.serviceCpuMs;

/** The service's own CPU over the SDK client's for the same calls (issue 27's measure). */
export const ownCpuOverSdk = (service: PhaseResult, floor: PhaseResult): number =>
  ownCpuMsOf(service, floor) / floor.clientCpuMs;

export interface PhaseResult extends LoadResult {
  /**
   * CPU per request, ms: the server's Node process (the service's; Prism's for the peer),
   * DynamoDB Local's JVM, the load generator.
   */
  serviceCpuMs: number;
  dynamoCpuMs: number;
  clientCpuMs: number;
}

export interface OperationResult {
  name: OperationName;
  cost: Cost;
  /** The same cost on every recorded request. */
  deterministic: boolean;
  /** One request on its own (median of those recorded): its time at the client, and in DynamoDB calls. */
  aloneMs: number;
  inDynamoMs: number;
  service?: PhaseResult;
  floor?: PhaseResult;
  /** The same requests answered by Prism mocking the OpenAPI document (prism-peer.ts). */
  peer?: PhaseResult;
  /** The same requests answered by an HTTP server sending only the floor's calls (bare-server.ts). */
  bare?: PhaseResult;
}

export interface ServiceBenchOptions {
  concurrency: number;
  durationMs: number;
  /** Slices the duration is cut into, service and floor taking turns. */
  rounds: number;
  warmupMs: number;
  /** Measure only these under load (`--only`); every operation's cost is still recorded. */
  only?: readonly OperationName[];
  log: (line: string) => void;
}

/** Wall time spent waiting on DynamoDB: calls made side by side count once. */
const timeInDynamo = (recording: Recording): number =>
  groupsOf(recording.calls).reduce(
    (sum, group) => sum + Math.max(...group.map((c) => c.endMs)) - Math.min(...group.map((c) => c.startMs)),
    0,
  );

/** The operations measured under load, in this order (capture sizes its set-up by create charge's rate). */
export const measuredOperations: readonly OperationName[] = [
  'create charge',
  'authorise',
  'get charge',
  'list charges',
  'create customer',
  'capture',
];
const recordedTimes = 5;

interface Cpu {
  service: number;
  java: number;
  own: number;
}

/** Runs one slice of `load`, adding the CPU `server` (a pid), the JVM and this process used to `cpu`. */
const slice = async (server: number, java: number[], load: LoadOptions, cpu: Cpu): Promise<LoadResult> => {
  const before = { service: cpuMsOf([server]), java: cpuMsOf(java), own: ownCpuMs() };
  const result = await runLoad(load);
  cpu.service += cpuMsOf([server]) - before.service;
  cpu.java += cpuMsOf(java) - before.java;
  cpu.own += ownCpuMs() - before.own;
  return result;
};

const summary = (slices: LoadResult[], cpu: Cpu): PhaseResult => {
  const result = combine(slices);
  const n = Math.max(1, result.requests + result.errors);
  return {
    ...result,
    latenciesMs: [],
    serviceCpuMs: cpu.service / n,
    dynamoCpuMs: cpu.java / n,
    clientCpuMs: cpu.own / n,
  };
};

type Side = 'service' | 'floor' | 'peer' | 'bare';

/** One side's load, and the process whose CPU it reads as the server's. */
interface SideLoad {
  load: LoadOptions;
  server: number;
}

/** The service's events: held in the table's stream during the slices, moved between rounds. */
interface HeldEvents {
  hold(held: boolean): Promise<void>;
  /** The process moving them (the service's), idle once they are moved. */
  pid: number;
}

/**
 * Waits until `pid` has spent under 6% of a core for a whole second (at most 30 s): longer than
 * the pipe's pass (250 ms) and the queues' polls, so a backlog not yet picked up is not taken for
 * idleness. The idle stack spends about 4% (its pollers).
 */
const untilIdle = async (pid: number): Promise<void> => {
  let quiet = 0;
  for (let waited = 0; waited < 30_000 && quiet < 4; waited += 250) {
    const before = cpuMsOf([pid]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    quiet = cpuMsOf([pid]) - before < 15 ? quiet + 1 : 0;
  }
};

/**
 * The service, its floor (and the peer and the bare server, when given) in alternating slices, so
 * that load from outside (other work on the machine) falls on all alike rather than on whichever
 * ran while it lasted. The events the slices' writes make are held in the table's stream while
 * they run, and moved after each round, outside the clock: the service's CPU is then its requests'
 * own, and no side's slice shares the machine with the moving of another's events.
 */
const alternate = async (
  java: number[],
  rounds: number,
  events: HeldEvents,
  loads: Record<'service' | 'floor', SideLoad> & { peer?: SideLoad; bare?: SideLoad },
): Promise<Record<'service' | 'floor', PhaseResult> & { peer?: PhaseResult; bare?: PhaseResult }> => {
  const sides = (['service', 'floor', 'peer', 'bare'] as const).filter((side) => loads[side]);
  const slices = new Map<Side, LoadResult[]>(sides.map((side) => [side, []]));
  const cpu = new Map<Side, Cpu>(sides.map((side) => [side, { service: 0, java: 0, own: 0 }]));
  for (let round = 0; round < rounds; round++) {
    // What earlier work left (the warm-up's events, the last round's) is moved first.
    await untilIdle(events.pid);
    await events.hold(true);
    for (const side of sides) {
      const { load, server } = loads[side] as SideLoad;
      const done = (slices.get(side) as LoadResult[]).reduce((sum, r) => sum + r.requests + r.errors, 0);
      const left = (load.maxCount ?? Number.POSITIVE_INFINITY) - done;
      const maxCount = Math.min(left, Math.ceil((load.maxCount ?? Number.POSITIVE_INFINITY) / rounds));
      if (maxCount <= 0) continue;
      const durationMs = load.durationMs / rounds;
      const result = await slice(server, java, { ...load, durationMs, maxCount }, cpu.get(side) as Cpu);
      slices.get(side)?.push(result);
    }
    await events.hold(false);
  }
  await untilIdle(events.pid);
  const of = (side: Side) => summary(slices.get(side) as LoadResult[], cpu.get(side) as Cpu);
  return {
    service: of('service'),
    floor: of('floor'),
    ...(loads.peer ? { peer: of('peer') } : {}),
    ...(loads.bare ? { bare: of('bare') } : {}),
  };
};

export interface ServiceBenchResult {
  operations: OperationResult[];
  /** Prism's version, or why it could not be measured; none when no operation of the peer was. */
  peer?: { version: string } | { error: string };
}

/** Prism, when an operation measured is one of the peer's; a failure to start is reported, not thrown. */
const peerFor = async (
  measured: readonly OperationName[],
): Promise<{ prism?: Prism; peer?: ServiceBenchResult['peer'] }> => {
  if (!measured.some((name) => peerOperations.includes(name))) return {};
  try {
    const prism = await startPrism();
    return { prism, peer: { version: prism.version } };
  } catch (error) {
    return { peer: { error: (error as Error).message.slice(0, 500) } };
  }
};

export const benchService = async (options: ServiceBenchOptions): Promise<ServiceBenchResult> => {
  const { concurrency, durationMs, rounds, warmupMs, log } = options;
  const measured = measuredOperations.filter((name) => options.only?.includes(name) ?? true);
  // Both start at once: Prism takes seconds to read the document.
  const peerStart = peerFor(measured);
  const service = await startService().catch(async (error) => {
    await (await peerStart).prism?.stop();
    throw error;
  });
  const { prism, peer } = await peerStart;
  if (peer && 'error' in peer) log(`warning: Prism did not start, no peer: ${peer.error}`);
  const bare = await startBareServer(service.ddbEndpoint, service.ddbAccessKeyId).catch(async (error) => {
    await Promise.all([service.stop(), prism?.stop()]);
    throw error;
  });
  const client = floorClient(service.ddbEndpoint, service.ddbAccessKeyId);
  try {
    const java = descendantsNamed(service.pid, 'java');
    if (java.length === 0) log('warning: DynamoDB Local JVM not found; its CPU reads 0');
    const merchant = await merchantOn(service.port);
    const ops = operations(merchant);

    // Warm every path once (handler imports, the key cache), then record each operation a few times.
    for (const name of operationNames) await ops[name].send(0);
    const alone = new Map<OperationName, number[]>();
    const byRules = new Map<Recording, RulesCost>();
    const record = async (name: OperationName, i: number): Promise<Recording> => {
      const id = newRecordingId();
      const at = performance.now();
      await ops[name].send(i, { [recordHeader]: id });
      alone.set(name, [...(alone.get(name) ?? []), performance.now() - at]);
      const recording = await service.recording(id);
      // Sized at once, before later requests change what it wrote.
      byRules.set(recording, unitsByRules(recording, await readBack(client, service.tableName, recording)));
      return recording;
    };
    const recordings = new Map<OperationName, Recording[]>();
    const keep = (name: OperationName, recording: Recording) =>
      recordings.set(name, [...(recordings.get(name) ?? []), recording]);
    for (let i = 1; i <= recordedTimes; i++) {
      for (const name of ['create charge', 'get charge', 'create customer', 'authorise', 'capture'] as const)
        keep(name, await record(name, i));
    }
    // A full first page of the list (25) for the list's cost.
    while (merchant.charges.length <= 25) await ops['create charge'].send(0);
    for (let i = 1; i <= recordedTimes; i++) keep('list charges', await record('list charges', i));

    const results = new Map<OperationName, OperationResult>();
    for (const [name, list] of recordings) {
      const costs = list.map((r) => costOf(r, byRules.get(r)));
      results.set(name, {
        name,
        cost: costs.at(-1) as Cost,
        deterministic: costs.every((c) => sameCost(c, costs[0] as Cost)),
        aloneMs: median(alone.get(name) ?? []),
        inDynamoMs: median(list.map(timeInDynamo)),
      });
    }
    const last = (name: OperationName) => recordings.get(name)?.at(-1) as Recording;
    await service.recorded();
    const peerOps = prism ? operations(peerMerchant(prism, merchant)) : undefined;
    const bareOps = operations(merchantThrough(benchApi(bare.url, merchant.secretKey), merchant));

    let createRate = 0;
    if (measured.includes('capture') && !measured.includes('create charge')) {
      // Capture's set-up is sized by create charge's rate: without that phase, its warm-up's.
      const warm = await runLoad({
        concurrency,
        durationMs: warmupMs,
        work: (i) => ops['create charge'].send(i),
      });
      createRate = warm.perSecond;
    }
    for (const name of measured) {
      const op = ops[name];
      const recording = last(name);
      let serviceLoad: LoadOptions = { concurrency, durationMs, work: (i) => op.send(i) };
      // A read is sent again as recorded; a write with fresh tokens, so its creations create.
      const fresh = name !== 'get charge' && name !== 'list charges';
      let floorWork: () => Promise<unknown> = () =>
        replay(client, recording, fresh ? freshTokens(recording) : new Map());
      if (name === 'capture') {
        // Capturing needs authorised charges: made before the clock starts, about as many as fit.
        const count = Math.ceil(createRate * (durationMs / 1000) * 1.5) + concurrency;
        log(`  authorising ${count} charges to capture`);
        await authorise(merchant, count, concurrency);
        serviceLoad = { ...serviceLoad, maxCount: count };
        const authorisation = last('authorise');
        const pairs: Tokens[] = Array.from({ length: count }, () => freshTokens(authorisation, recording));
        await runLoad({
          concurrency,
          durationMs: 3_600_000,
          maxCount: count,
          work: (i) => replay(client, authorisation, pairs[i] as Tokens),
        });
        let next = 0;
        floorWork = () => replay(client, recording, pairs[next++] as Tokens);
      } else {
        await runLoad({ ...serviceLoad, durationMs: warmupMs });
        await runLoad({ concurrency, durationMs: warmupMs, work: floorWork });
      }
      const peerLoad: LoadOptions | undefined =
        prism && peerOps && peerOperations.includes(name)
          ? { concurrency, durationMs, work: (i) => peerOps[name].send(i) }
          : undefined;
      if (peerLoad) await runLoad({ ...peerLoad, durationMs: warmupMs });
      // Capture's replays need authorisations made for them: the bare server answers the others.
      const bareLoad: LoadOptions | undefined =
        name === 'capture' ? undefined : { concurrency, durationMs, work: (i) => bareOps[name].send(i) };
      if (bareLoad) {
        await bare.serve(recording, fresh);
        await runLoad({ ...bareLoad, durationMs: warmupMs });
      }
      log(`  ${name}: service, storage floor${peerLoad ? ' and Prism' : ''}, ${rounds} rounds`);
      const {
        service: serviceResult,
        floor: floorResult,
        peer: peerResult,
        bare: bareResult,
      } = await alternate(
        java,
        rounds,
        { hold: service.holdEvents, pid: service.pid },
        {
          service: { load: serviceLoad, server: service.pid },
          floor: {
            load: { concurrency, durationMs, maxCount: serviceLoad.maxCount, work: floorWork },
            server: service.pid,
          },
          ...(prism && peerLoad ? { peer: { load: peerLoad, server: prism.pid } } : {}),
          ...(bareLoad ? { bare: { load: bareLoad, server: bare.pid } } : {}),
        },
      );
      if (name === 'create charge') createRate = serviceResult.perSecond;
      const result = results.get(name) as OperationResult;
      result.service = serviceResult;
      result.floor = floorResult;
      log(
        `    ${serviceResult.perSecond.toFixed(0)} req/s against ${floorResult.perSecond.toFixed(0)} (${(serviceResult.perSecond / floorResult.perSecond).toFixed(2)}); CPU ms: service ${serviceResult.serviceCpuMs.toFixed(2)} (its load generator ${serviceResult.clientCpuMs.toFixed(2)}), SDK client ${floorResult.clientCpuMs.toFixed(2)}, background ${floorResult.serviceCpuMs.toFixed(2)}; own CPU over the SDK's ${ownCpuOverSdk(serviceResult, floorResult).toFixed(2)}`,
      );
      if (bareResult) {
        result.bare = bareResult;
        log(
          `    bare server ${bareResult.perSecond.toFixed(0)} req/s (${(bareResult.perSecond / floorResult.perSecond).toFixed(2)} of the floor${bareResult.errors ? `, ${bareResult.errors} errors: ${bareResult.firstError}` : ''}), its CPU ms ${bareResult.serviceCpuMs.toFixed(2)} (${(bareResult.serviceCpuMs / floorResult.clientCpuMs).toFixed(2)} of the SDK client's)`,
        );
      }
      if (peerResult) {
        result.peer = peerResult;
        const errors = peerResult.errors ? `, ${peerResult.errors} errors: ${peerResult.firstError}` : '';
        log(
          `    Prism ${peerResult.perSecond.toFixed(0)} req/s (Wattle/Prism ${(serviceResult.perSecond / peerResult.perSecond).toFixed(2)}), its CPU ms ${peerResult.serviceCpuMs.toFixed(2)}${errors}`,
        );
      }
    }
    return { operations: [...results.values()], ...(peer ? { peer } : {}) };
  } finally {
    client.destroy();
    await Promise.all([service.stop(), prism?.stop(), bare.stop()]);
  }
};
