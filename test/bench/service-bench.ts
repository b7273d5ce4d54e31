/**
 * Throughput, latency and DynamoDB cost of the API operations on the local stack, and beside each
 * the storage floor: the same DynamoDB calls sent straight to the same DynamoDB Local.
 */
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { authorise, merchantOn, type OperationName, operations } from './api-operations.ts';
import { cpuMsOf, descendantsNamed, ownCpuMs } from './cpu.ts';
import { type Recording, recordHeader } from './ddb-recorder.ts';
import { combine, type LoadOptions, type LoadResult, runLoad } from './load.ts';
import { type Cost, costOf, sameCost } from './round-trips.ts';
import { newRecordingId, type Service, startService } from './service-client.ts';
import { freshTokens, groupsOf, replay, type Tokens } from './storage-floor.ts';

export interface PhaseResult extends LoadResult {
  /** CPU per request, ms: the service's Node process, DynamoDB Local's JVM, the load generator. */
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

/** Runs `load` in `rounds` slices of its duration (and count), returning each slice and its CPU. */
const slice = async (service: Service, java: number[], load: LoadOptions, cpu: Cpu): Promise<LoadResult> => {
  const before = { service: cpuMsOf([service.pid]), java: cpuMsOf(java), own: ownCpuMs() };
  const result = await runLoad(load);
  cpu.service += cpuMsOf([service.pid]) - before.service;
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

/**
 * The service and its floor in alternating slices, so that load from outside (other work on the
 * machine) falls on both alike rather than on whichever ran while it lasted.
 */
const alternate = async (
  service: Service,
  java: number[],
  rounds: number,
  loads: { service: LoadOptions; floor: LoadOptions },
): Promise<{ service: PhaseResult; floor: PhaseResult }> => {
  const sides = ['service', 'floor'] as const;
  const slices = { service: [] as LoadResult[], floor: [] as LoadResult[] };
  const cpu = { service: { service: 0, java: 0, own: 0 }, floor: { service: 0, java: 0, own: 0 } };
  for (let round = 0; round < rounds; round++) {
    for (const side of sides) {
      const load = loads[side];
      const done = slices[side].reduce((sum, r) => sum + r.requests + r.errors, 0);
      const left = (load.maxCount ?? Number.POSITIVE_INFINITY) - done;
      const maxCount = Math.min(left, Math.ceil((load.maxCount ?? Number.POSITIVE_INFINITY) / rounds));
      if (maxCount <= 0) continue;
      const durationMs = load.durationMs / rounds;
      slices[side].push(await slice(service, java, { ...load, durationMs, maxCount }, cpu[side]));
    }
  }
  return { service: summary(slices.service, cpu.service), floor: summary(slices.floor, cpu.floor) };
};

export const benchService = async (options: ServiceBenchOptions): Promise<OperationResult[]> => {
  const { concurrency, durationMs, rounds, warmupMs, log } = options;
  const measured = measuredOperations.filter((name) => options.only?.includes(name) ?? true);
  const service = await startService();
  const client = new DynamoDBClient({
    endpoint: service.ddbEndpoint,
    region: 'ap-southeast-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const java = descendantsNamed(service.pid, 'java');
    if (java.length === 0) log('warning: DynamoDB Local JVM not found; its CPU reads 0');
    const merchant = await merchantOn(service.port);
    const ops = operations(merchant);

    // Warm every path once (handler imports, the key cache), then record each operation a few times.
    for (const name of [
      'create charge',
      'get charge',
      'list charges',
      'create customer',
      'authorise',
      'capture',
    ] as const)
      await ops[name].send(0);
    const alone = new Map<OperationName, number[]>();
    const record = async (name: OperationName, i: number): Promise<Recording> => {
      const id = newRecordingId();
      const at = performance.now();
      await ops[name].send(i, { [recordHeader]: id });
      alone.set(name, [...(alone.get(name) ?? []), performance.now() - at]);
      return service.recording(id);
    };
    const recordings = new Map<OperationName, Recording[]>();
    const keep = (name: OperationName, recording: Recording) =>
      recordings.set(name, [...(recordings.get(name) ?? []), recording]);
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    for (let i = 1; i <= recordedTimes; i++) {
      for (const name of ['create charge', 'get charge', 'create customer', 'authorise', 'capture'] as const)
        keep(name, await record(name, i));
    }
    // A full first page of the list (25) for the list's cost.
    while (merchant.charges.length <= 25) await ops['create charge'].send(0);
    for (let i = 1; i <= recordedTimes; i++) keep('list charges', await record('list charges', i));

    const results = new Map<OperationName, OperationResult>();
    for (const [name, list] of recordings) {
      const costs = list.map(costOf);
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
      let floorWork: () => Promise<void> =
        name === 'get charge' || name === 'list charges'
          ? () => replay(client, recording, new Map())
          : () => replay(client, recording, freshTokens(recording));
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
      log(`  ${name}: service and storage floor, ${rounds} rounds`);
      const { service: serviceResult, floor: floorResult } = await alternate(service, java, rounds, {
        service: serviceLoad,
        floor: { concurrency, durationMs, maxCount: serviceLoad.maxCount, work: floorWork },
      });
      if (name === 'create charge') createRate = serviceResult.perSecond;
      const result = results.get(name) as OperationResult;
      result.service = serviceResult;
      result.floor = floorResult;
      log(
        `    ${serviceResult.perSecond.toFixed(0)} req/s against ${floorResult.perSecond.toFixed(0)} (${(serviceResult.perSecond / floorResult.perSecond).toFixed(2)}); CPU ms: service ${serviceResult.serviceCpuMs.toFixed(2)}, SDK client ${floorResult.clientCpuMs.toFixed(2)}, background ${floorResult.serviceCpuMs.toFixed(2)}`,
      );
    }
    return [...results.values()];
  } finally {
    client.destroy();
    await service.stop();
  }
};
