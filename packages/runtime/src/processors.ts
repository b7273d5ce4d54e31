import { randomBytes } from 'node:crypto';
import { type AdyenConfig, adyenProcessor, adyenTestCheckoutUrl } from '@wattle/adyen';
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
  const [{ SecretsProvider }, { SecretsManagerClient }] = await Promise.all([
    import('@aws-lambda-powertools/parameters/secrets'),
    import('@aws-sdk/client-secrets-manager'),
  ]);
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

const waiting = Symbol('the processor, once its settings are read');

/** A processor whose settings are read on first use; `readyProcessor` waits for them. */
interface DeferredProcessor extends PaymentProcessor {
  [waiting]: () => Promise<PaymentProcessor>;
}

/**
 * Adyen with its settings in a secret, read once per container (a failed read is tried again at
 * the next use). Its calls wait for the settings; what it answers at once, it answers as the
 * connector does: `supportsThreeDSecure` needs no setting; `readNotifications` needs the HMAC key,
 * so its caller waits for `readyProcessor` first.
 */
const adyenFromSecret = (secretId: string, readSecret: SecretReader): DeferredProcessor => {
  let loading: Promise<PaymentProcessor> | undefined;
  let loaded: PaymentProcessor | undefined;
  const ready = (): Promise<PaymentProcessor> => {
    loading ??= readSecret(secretId).then((values) => {
      loaded = adyenProcessor(adyenSettingsOf(values, `the secret ${secretId}`));
      return loaded;
    });
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  // What the connector answers without its settings (no call is made with these).
  const unconfigured: AdyenConfig = {
    checkoutUrl: adyenTestCheckoutUrl,
    apiKey: '',
    merchantAccount: '',
    hmacKey: '',
  };
  const settingsFree = adyenProcessor(unconfigured);
  return {
    name: settingsFree.name,
    authorise: async (input) => (await ready()).authorise(input),
    completeAuthentication: async (input) => (await ready()).completeAuthentication(input),
    capture: async (input) => (await ready()).capture(input),
    void: async (input) => (await ready()).void(input),
    refund: async (input) => (await ready()).refund(input),
    resolve: async (input) => (await ready()).resolve(input),
    readNotifications: (delivery) => {
      if (!loaded)
        throw new Error('The Adyen settings are not read yet: await readyProcessor(processor) first');
      return loaded.readNotifications(delivery);
    },
    supportsThreeDSecure: (card) => settingsFree.supportsThreeDSecure(card),
    [waiting]: ready,
  };
};

/**
 * `processor` with every setting in hand, so its answers that are not promises (reading
 * notifications) can be given: the same processor, or, for one whose settings are in a secret,
 * the connector once they are read.
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
      : config.adyen.from === 'settings'
        ? adyenProcessor(config.adyen.settings)
        : adyenFromSecret(config.adyen.secretId, options.readSecret ?? secretsManagerReader);
  return ({ environment }) => (environment === 'live' ? live : simulator);
};
