import { randomBytes } from 'node:crypto';
import type { PaymentProcessor } from '@wattle/domain';
import type { AccountProcessor, ProcessorOf } from '@wattle/ports';
import { simulatedPaymentProcessor } from '@wattle/processor';
import { simulatorAccount } from '@wattle/routes';
import { awsClientSettings, functionAwsClient } from './aws-clients.ts';
import { accountSettingsOf, type ProcessorAccount, type ProcessorConfig } from './processor-config.ts';
import { onAccount } from './processor-of.ts';

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
    throw new Error(`The secret ${secretId} must hold a JSON object of the account's settings`);
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
 * An account's processor, its connector's processor loaded with the account's settings on first
 * use, once per container (a failed load or read is tried again at the next use): a connector's
 * library can be most of a payment function's bundle and a third of its cold start (Adyen's), and a
 * container that only takes test payments (the simulator) never evaluates it. Its calls wait for
 * it; what it answers at once, it answers as the connector does: its name and
 * `supportsThreeDSecure` need neither; `readNotifications` needs the account's keys, so its caller
 * waits for `readyProcessor` first.
 */
const deferredAccount = (
  { name, connector }: ProcessorAccount,
  settings: () => Promise<unknown>,
): DeferredProcessor & AccountProcessor => {
  let loading: Promise<PaymentProcessor> | undefined;
  let loaded: PaymentProcessor | undefined;
  const ready = (): Promise<PaymentProcessor> => {
    loading ??= settings()
      .then((checked) => connector.processor(checked))
      .then((processor) => {
        loaded = processor;
        return processor;
      });
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  return {
    name: connector.name,
    account: name,
    authorise: async (input) => (await ready()).authorise(input),
    completeAuthentication: async (input) => (await ready()).completeAuthentication(input),
    capture: async (input) => (await ready()).capture(input),
    void: async (input) => (await ready()).void(input),
    refund: async (input) => (await ready()).refund(input),
    resolve: async (input) => (await ready()).resolve(input),
    readNotifications: (delivery) => {
      if (!loaded)
        throw new Error(
          `The processor of account ${name} is not loaded yet: await readyProcessor(processor) first`,
        );
      return loaded.readNotifications(delivery);
    },
    supportsThreeDSecure: connector.supportsThreeDSecure,
    [waiting]: ready,
  };
};

/** Where an account's settings come from: the configuration itself (checked), or the secret it names (checked when read). */
const settingsOf = (account: ProcessorAccount, readSecret: SecretReader): (() => Promise<unknown>) => {
  const { settings } = account;
  if (settings.from === 'settings') return async () => settings.settings;
  const { secretId } = settings;
  return async () =>
    accountSettingsOf(
      account.connector,
      await readSecret(secretId),
      `The processor account ${account.name}'s secret ${secretId}`,
    );
};

/**
 * `processor` with every setting in hand, so its answers that are not promises (reading
 * notifications) can be given: the same processor (the simulator), or, for an account of a
 * connector, the connector's processor once it and the account's settings are loaded.
 */
export const readyProcessor = async (processor: PaymentProcessor): Promise<PaymentProcessor> =>
  waiting in processor ? (processor as DeferredProcessor)[waiting]() : processor;

/**
 * The processor of each account (ProcessorOf), by the configuration (loadProcessorConfig): test
 * always the simulator; live the account a payment recorded, or the live default (the simulator
 * until another is configured). Built once per composition, so every request of a container
 * reuses each account's connector and its connections; an account's connector is loaded on its
 * first call. An account the deployment does not have throws (the work is tried again, never sent
 * to another account).
 */
export const processorsFor = (config: ProcessorConfig, options: ProcessorsOptions = {}): ProcessorOf => {
  const simulator = onAccount(
    simulatorAccount,
    simulatedPaymentProcessor({
      notificationKey: options.simulatorNotificationKey ?? randomBytes(32).toString('hex'),
    }),
  );
  const readSecret = options.readSecret ?? secretsManagerReader;
  const accounts = new Map<string, AccountProcessor>([[simulatorAccount, simulator]]);
  for (const account of config.accounts)
    accounts.set(account.name, deferredAccount(account, settingsOf(account, readSecret)));
  return ({ environment, account }) => {
    if (environment === 'test') return simulator;
    const name = account ?? config.live;
    const found = accounts.get(name);
    if (!found)
      throw new Error(
        `The live processor account "${name}" is not configured (${[...accounts.keys()].join(', ')}): its payments wait until it is`,
      );
    return found;
  };
};
