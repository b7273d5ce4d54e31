import { randomBytes } from 'node:crypto';
import { type AdyenConfig, adyenProcessorName, adyenSupportsThreeDSecure } from '@wattle/adyen/config';
import type { PaymentProcessor } from '@wattle/domain';
import type { ProcessorOf } from '@wattle/ports';
import { simulatedPaymentProcessor } from '@wattle/processor';
import { awsClientSettings, functionAwsClient } from './aws-clients.ts';
import { adyenSettingsOf, type ProcessorConfig } from './processor-config.ts';

/** Reads a secret's JSON object (Secrets Manager, through Powertools Parameters). */
export type SecretReader = (secretId: string) => Promise<Record<string, unknown>>;

/**
 * The secret's value through Powertools Parameters' Secrets Manager provider (its client made
 * with every function's AWS settings and bound by the invocation's deadline), loaded on first use:
 * a function that never reads a secret never evaluates it.
 */
export const secretsManagerReader: SecretReader = async (secretId) => {
  const { SecretsProvider, SecretsManagerClient } = await import('./sdk/secrets.ts');
  const provider = new SecretsProvider({
    awsSdkV3Client: functionAwsClient(new SecretsManagerClient(awsClientSettings())),
  });
  const value: unknown = await provider.get(secretId, { transform: 'json' });
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`The secret ${secretId} must hold a JSON object of the ADYEN_* settings`);
  return value as Record<string, unknown>;
};

export interface ProcessorsOptions {
  /** The key the simulator signs its notifications with (default: a random one per process). */
  simulatorNotificationKey?: string;
  /** How a secret is read (default Secrets Manager; tests bring their own). */
  readSecret?: SecretReader;
}

const waiting = Symbol('the processor, once its connector and settings are loaded');

/** A processor whose connector and settings are loaded on first use; `readyProcessor` waits for them. */
interface DeferredProcessor extends PaymentProcessor {
  [waiting]: () => Promise<PaymentProcessor>;
}

/**
 * The Adyen connector, loaded with its settings on first use, once per container (a failed load or
 * read is tried again at the next use): Adyen's library is most of a payment function's bundle and
 * a third of its cold start, and a container that only takes test payments (the simulator) never
 * evaluates it. Its calls wait for it; what it answers at once, it answers as the connector does:
 * its name and `supportsThreeDSecure` need neither; `readNotifications` needs the HMAC key, so its
 * caller waits for `readyProcessor` first.
 */
const deferredAdyen = (settings: () => Promise<AdyenConfig>): DeferredProcessor => {
  let loading: Promise<PaymentProcessor> | undefined;
  let loaded: PaymentProcessor | undefined;
  const ready = (): Promise<PaymentProcessor> => {
    loading ??= Promise.all([import('@wattle/adyen/processor'), settings()]).then(
      ([{ adyenProcessor }, config]) => {
        loaded = adyenProcessor(config);
        return loaded;
      },
    );
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  return {
    name: adyenProcessorName,
    authorise: async (input) => (await ready()).authorise(input),
    completeAuthentication: async (input) => (await ready()).completeAuthentication(input),
    capture: async (input) => (await ready()).capture(input),
    void: async (input) => (await ready()).void(input),
    refund: async (input) => (await ready()).refund(input),
    resolve: async (input) => (await ready()).resolve(input),
    readNotifications: (delivery) => {
      if (!loaded)
        throw new Error('The Adyen connector is not loaded yet: await readyProcessor(processor) first');
      return loaded.readNotifications(delivery);
    },
    supportsThreeDSecure: adyenSupportsThreeDSecure,
    [waiting]: ready,
  };
};

/** Where Adyen's settings come from: the configuration itself, or the secret it names. */
const adyenSettingsFrom = (
  source: Extract<ProcessorConfig, { live: 'adyen' }>['adyen'],
  readSecret: SecretReader,
): (() => Promise<AdyenConfig>) => {
  if (source.from === 'settings') return async () => source.settings;
  const { secretId } = source;
  return async () => adyenSettingsOf(await readSecret(secretId), `the secret ${secretId}`);
};

/**
 * `processor` with every setting in hand, so its answers that are not promises (reading
 * notifications) can be given: the same processor, or, for Adyen, the connector once it and its
 * settings are loaded.
 */
export const readyProcessor = async (processor: PaymentProcessor): Promise<PaymentProcessor> =>
  waiting in processor ? (processor as DeferredProcessor)[waiting]() : processor;

/**
 * Each environment's processor, by the configuration (loadProcessorConfig): test always the
 * simulator; live the simulator too, unless Adyen is configured. Built once per composition, so
 * every request of a container reuses the connector and its connections.
 */
export const processorsFor = (config: ProcessorConfig, options: ProcessorsOptions = {}): ProcessorOf => {
  const simulator = simulatedPaymentProcessor({
    notificationKey: options.simulatorNotificationKey ?? randomBytes(32).toString('hex'),
  });
  const live =
    config.live === 'simulator'
      ? simulator
      : deferredAdyen(adyenSettingsFrom(config.adyen, options.readSecret ?? secretsManagerReader));
  return ({ environment }) => (environment === 'live' ? live : simulator);
};
