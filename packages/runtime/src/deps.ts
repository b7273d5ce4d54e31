import type { Logger } from '@aws-lambda-powertools/logger';
import type { CardProcessor, Clock, Ids } from '@wattle/domain';
import type {
  Cipher,
  DeliveryQueue,
  PasswordHasher,
  RetryPacing,
  Secrets,
  WebhookSender,
} from '@wattle/ports';
import { simulatedProcessor } from '@wattle/processor';
import {
  type CardCipher,
  createStore,
  documentClient,
  localCardCipher,
  type Repositories,
  repositoriesOf,
  type Store,
} from '@wattle/store';
import { lazyKmsCardCipher } from './bundled-clients.ts';
import { runtimeClock } from './clock.ts';
import { loadConfig, type RuntimeConfig } from './config.ts';
import { lazyDeliveryQueue } from './delivery-queue.ts';
import { randomIds, randomSecrets } from './ids.ts';
import { LineLogger } from './line-logger.ts';
import { scryptPasswordHasher } from './password-hasher.ts';
import { ReadableStackLogger } from './readable-stack-logger.ts';
import { realRetryPacing } from './retry-pacing.ts';
import { httpWebhookSender } from './webhook-sender.ts';

/**
 * What a function needs from the outside world, built once per container: the real adapters of
 * every port (@wattle/ports), by the names the flows' dependencies use.
 */
export interface RuntimeDeps extends Repositories {
  config: RuntimeConfig;
  /**
   * The store itself, for what reaches beneath the ports on purpose (the fault-injection harness
   * hooks its client). Functions and flows use the repositories by their port names.
   */
  store: Store;
  clock: Clock;
  ids: Ids;
  secrets: Secrets;
  /** Seals secrets at rest (card and bank account numbers, referred merchants' keys): the store's key. */
  cipher: Cipher;
  /** Where delivery attempts are asked for: the webhooks queue. */
  deliveryQueue: DeliveryQueue;
  /** POSTs signed webhooks to merchants' URLs (only the delivery function sends). */
  webhookSender: WebhookSender;
  passwordHasher: PasswordHasher;
  /** The waits between the rounds of a read-decide-write that lost to another request. */
  pacing: RetryPacing;
  logger: Logger;
  /** The acquirer: the simulator until a deployment adds an adapter for a real one. */
  processor: CardProcessor;
}

let built: RuntimeDeps | undefined;

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

/** The adapters composeDeps gives unless the caller brings its own. */
type Defaulted = 'secrets' | 'cipher' | 'deliveryQueue' | 'webhookSender' | 'passwordHasher' | 'pacing';

/**
 * The dependencies over a store and the given adapters (tests and benchmarks bring their own).
 * The cipher is the store's own; the queue is built on first use (WATTLE_WEBHOOKS_QUEUE_URL).
 */
export const composeDeps = (
  parts: Omit<RuntimeDeps, keyof Repositories | Defaulted> & Partial<Pick<RuntimeDeps, Defaulted>>,
): RuntimeDeps => ({
  ...repositoriesOf(parts.store),
  secrets: randomSecrets,
  cipher: parts.store.ctx.cipher,
  deliveryQueue: lazyDeliveryQueue(),
  webhookSender: httpWebhookSender(),
  passwordHasher: scryptPasswordHasher,
  pacing: realRetryPacing,
  ...parts,
});

export const runtimeDeps = (): RuntimeDeps => {
  if (built) return built;
  const config = loadConfig();
  built = composeDeps({
    config,
    store: createStore(documentClient(), config.tableName, cipherFor(config), config.retention),
    clock: runtimeClock,
    ids: randomIds,
    logger: new (config.logFormat === 'line' ? LineLogger : ReadableStackLogger)({
      serviceName: 'wattle',
      logLevel: config.logLevel as 'INFO',
    }),
    processor: simulatedProcessor(),
  });
  return built;
};
