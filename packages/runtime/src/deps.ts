import type { Logger } from '@aws-lambda-powertools/logger';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import { boundByDeadline, timeLeftMs } from '@wattle/deadline';
import type { BaseDeps, RuntimeConfig } from '@wattle/ports';
import { type MetricsRecorder, noMetrics } from '@wattle/routes/metrics';
import {
  type CardCipher,
  documentClient,
  localCardCipher,
  type Repositories,
  repositoriesOf,
  type Store,
  type StoreContext,
  storeContext,
  storeOver,
} from '@wattle/store';
import { awsClientSettings, lazyKmsCardCipher } from './aws-clients.ts';
import { runtimeClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { randomIds, randomSecrets } from './ids.ts';
import { functionLogger } from './logger.ts';
import { functionMetrics } from './metrics.ts';
import * as registry from './parts.ts';
import { simulatedProcessorOf } from './processor-of.ts';
import { realRetryPacing } from './retry-pacing.ts';
import { functionTracer, tracedClient } from './tracer.ts';

/**
 * What every function gets (the BaseDeps port), its logger Powertools' own (./logger.ts), where
 * its chain and adapters record the business metrics (./metrics.ts), and its tracer (./tracer.ts).
 */
export type FunctionBase = BaseDeps<Logger> & {
  metrics: MetricsRecorder;
  tracer: Promise<Tracer> | undefined;
};

/**
 * What a function names in its composition (functionDeps): every part of the registry
 * (./parts.ts), the store's repositories and the other adapters of the ports, by the names the
 * flows' dependencies use.
 */
export type Parts = { [K in keyof typeof registry]: ReturnType<(typeof registry)[K]> };

/** Every real adapter of every port (tests, the benchmarks and the in-process harness use them all). */
export interface RuntimeDeps extends FunctionBase, Parts {
  /**
   * The store itself, for what reaches beneath the ports on purpose (the fault-injection harness
   * hooks its client). Functions and flows use the repositories by their port names.
   */
  store: Store;
}

/** What a part is made from: the base and the store's context (client, table, cipher, retention). */
export interface Composing extends FunctionBase {
  storeContext: StoreContext;
}

/** How a part is made; ./parts.ts has one for each, named as the dependency it makes. */
export type Part<T> = (composing: Composing) => T;

const noCardKey = (): never => {
  throw new Error(
    'Set WATTLE_CARD_KMS_KEY_ID (AWS) or WATTLE_CARD_KEY (local) for a function that handles cards',
  );
};

/** Functions that never touch card numbers run without a card key; one that does fails loudly. */
const cipherFor = (config: RuntimeConfig): CardCipher => {
  if (config.cardKmsKeyId) return lazyKmsCardCipher(config.cardKmsKeyId);
  if (config.cardKeyHex) return localCardCipher(Buffer.from(config.cardKeyHex, 'hex'));
  return { seal: async () => noCardKey(), open: async () => noCardKey() };
};

let container: Composing | undefined;

/**
 * The container's base and store context, from the environment, built once: every composition of
 * the process (each function's, runtimeDeps) shares them, and so one DynamoDB client.
 */
const composing = (): Composing => {
  if (container) return container;
  const config = loadConfig();
  const context = storeContext(
    tracedClient(boundByDeadline(documentClient(awsClientSettings()))),
    config.tableName,
    cipherFor(config),
    config.retention,
    timeLeftMs,
  );
  container = {
    config,
    clock: runtimeClock,
    ids: randomIds,
    secrets: randomSecrets,
    cipher: context.cipher,
    pacing: realRetryPacing,
    logger: functionLogger(config),
    metrics: functionMetrics(),
    tracer: functionTracer(),
    storeContext: context,
  };
  return container;
};

type Substitutes = { readonly [name: string]: () => unknown };

/**
 * Parts made instead of the registry's, by the same names (see substituteParts), and how many
 * times they were given: a composition built before the last time is built again. Kept on the
 * process's global object, not in this module: the installable package builds each function into
 * a bundle of its own, each with its own copy of this module, all in the stack's one process.
 */
interface Substitution {
  parts: Substitutes | undefined;
  generation: number;
}
const substitutionKey = Symbol.for('wattle.substitutedParts');
const shared = globalThis as { [substitutionKey]?: Substitution };
shared[substitutionKey] ??= { parts: undefined, generation: 0 };
const substitution: Substitution = shared[substitutionKey];

/**
 * Makes every composition of this process (each function's, from now on and again after each call)
 * take these parts instead of the registry's of the same names: how the local stack runs the
 * functions on another store engine (the memory store's registry, @wattle/memory-store/parts, has
 * the same names) and its own delivery queue. A part not named here is the registry's.
 */
export const substituteParts = (parts: Substitutes): void => {
  substitution.parts = parts;
  substitution.generation += 1;
};

/** A function's dependencies: the base and the parts its composition names. */
export type ComposedDeps<P> = FunctionBase & { [K in keyof P]: P[K] extends Part<infer T> ? T : never };

/**
 * A function's composition: the parts its routes' flows use, each named as the dependency it
 * makes (`functionDeps({ accounts, idempotency, payments })`, from @wattle/runtime/parts). Its
 * bundle holds only those (and what they import), and its handlers, typed with ComposedDeps, do
 * not compile if they use another. A port's name takes only a part that makes that port's type
 * (`payments: cardTokens` does not compile). Built on the first call, then the same each time.
 */
export const functionDeps = <
  P extends { [K in keyof P]: K extends keyof Parts ? Part<Parts[K]> : Part<unknown> },
>(
  parts: P,
): (() => ComposedDeps<P>) => {
  let built: ComposedDeps<P> | undefined;
  let builtIn = substitution.generation;
  return () => {
    if (!built || builtIn !== substitution.generation) {
      built = composed(parts, composing());
      builtIn = substitution.generation;
    }
    return built;
  };
};

/** The base and the named parts, each made over `over`. */
const composed = <P extends object>(parts: P, over: Composing): ComposedDeps<P> => {
  const { storeContext: _, ...base } = over;
  const made = Object.entries(parts).map(([name, part]) => {
    const substitute = substitution.parts?.[name];
    return [name, substitute ? substitute() : (part as Part<unknown>)(over)];
  });
  return { ...base, ...Object.fromEntries(made) } as ComposedDeps<P>;
};

/** The parts composeDeps makes from the registry unless the caller brings its own. */
type Defaulted =
  | 'secrets'
  | 'cipher'
  | 'deliveryQueue'
  | 'webhookSender'
  | 'passwordHasher'
  | 'pacing'
  | 'processorOf'
  | 'deadline'
  | 'metrics'
  | 'tracer';

/**
 * Every part of the registry (./parts.ts) over a store and the given base (tests and benchmarks
 * bring their own clock, ids, logger and processors, and may bring any other adapter): the
 * repositories are the store's, the cipher the store's own, the queue built on first use
 * (WATTLE_WEBHOOKS_QUEUE_URL). The same parts, by the same names, as a function composes.
 */
export const composeDeps = (
  given: Omit<RuntimeDeps, keyof Repositories | Defaulted> & Partial<Pick<RuntimeDeps, Defaulted>>,
): RuntimeDeps => {
  const over: Composing = {
    secrets: randomSecrets,
    cipher: given.store.ctx.cipher,
    pacing: realRetryPacing,
    metrics: noMetrics,
    tracer: functionTracer(),
    ...given,
    storeContext: given.store.ctx,
  };
  const { store: _, ...rest } = given;
  return { ...composed(registry, over), ...repositoriesOf(given.store), ...rest, store: given.store };
};

let everything: RuntimeDeps | undefined;

/**
 * Every part over the container's base, built once (the in-process harness and tests that call
 * the functions beside it: it shares their DynamoDB client). Functions compose their own.
 */
export const runtimeDeps = (): RuntimeDeps => {
  if (everything) return everything;
  const { storeContext: context, ...base } = composing();
  everything = composeDeps({ ...base, store: storeOver(context), processorOf: simulatedProcessorOf() });
  return everything;
};
