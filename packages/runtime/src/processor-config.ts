import { readFileSync } from 'node:fs';
import type { Connector } from '@wattle/ports';
import {
  liveProcessorVariable,
  processorAccountsFileVariable,
  processorAccountsVariable,
  simulatorAccount,
} from '@wattle/routes';
import * as v from 'valibot';
import { connectorNamed, connectors } from './connectors.ts';

/** Where an account's settings are: given (checked already), or in a Secrets Manager secret (read on first use). */
export type AccountSettings = { from: 'settings'; settings: unknown } | { from: 'secret'; secretId: string };

/** A processor account: its name (`adyen-au`), its connector (from the registry) and its settings. */
export interface ProcessorAccount {
  name: string;
  connector: Connector<unknown>;
  settings: AccountSettings;
}

/**
 * The deployment's processor accounts and which is the live environment's default (a new live
 * payment's account; `simulator`, the default, is the built-in simulator). Test always has the
 * simulator.
 */
export interface ProcessorConfig {
  live: string;
  accounts: readonly ProcessorAccount[];
}

/** An account's name: lower-case letters, digits and dashes, as it shows in its notifications' URL. */
const accountName = /^[a-z0-9][a-z0-9-]{0,62}$/;

const declaredAccounts = v.record(
  v.pipe(v.string(), v.regex(accountName, 'an account name is lower-case letters, digits and dashes')),
  v.union(
    [
      v.strictObject({ connector: v.string(), settings: v.record(v.string(), v.unknown()) }),
      v.strictObject({ connector: v.string(), secret: v.pipe(v.string(), v.nonEmpty()) }),
    ],
    'each account is { "connector": …, "settings": { … } } or { "connector": …, "secret": "<secret ARN>" }',
  ),
);

/**
 * `values` checked by the connector's settings schema: every problem named at once, `where` naming
 * the account and the source.
 */
export const accountSettingsOf = (connector: Connector<unknown>, values: unknown, where: string): unknown => {
  const result = connector.settings['~standard'].validate(values);
  if (result instanceof Promise)
    throw new Error(`The ${connector.name} connector's settings schema must be synchronous`);
  const checked = result as { value?: unknown; issues?: readonly { message: string }[] };
  if (checked.issues)
    throw new Error(`${where}: ${[...new Set(checked.issues.map((issue) => issue.message))].join('; ')}`);
  return checked.value;
};

const knownConnector = (name: string, account: string): Connector<unknown> => {
  const connector = connectorNamed(name);
  if (!connector)
    throw new Error(
      `The processor account ${account} names the connector "${name}", which is none of ${connectors.map((c) => c.name).join(', ')}`,
    );
  return connector;
};

/** The accounts the deployment declares: WATTLE_PROCESSOR_ACCOUNTS (JSON), or the JSON file WATTLE_PROCESSOR_ACCOUNTS_FILE names. */
const declared = (env: NodeJS.ProcessEnv): ProcessorAccount[] => {
  const file = env[processorAccountsFileVariable]?.trim();
  const inline = env[processorAccountsVariable]?.trim();
  if (!file && !inline) return [];
  const where = file ? `the file ${file} (${processorAccountsFileVariable})` : processorAccountsVariable;
  let json: unknown;
  try {
    json = JSON.parse(file ? readFileSync(file, 'utf8') : (inline as string));
  } catch (error) {
    throw new Error(`${where} must hold a JSON object of processor accounts: ${(error as Error).message}`);
  }
  const parsed = v.safeParse(declaredAccounts, json);
  if (!parsed.success)
    throw new Error(
      `${where} must be a JSON object of processor accounts by name: ${parsed.issues.map((issue) => issue.message).join('; ')}`,
    );
  return Object.entries(parsed.output).map(([name, account]) => {
    if (name === simulatorAccount)
      throw new Error(`${where}: "${simulatorAccount}" is the built-in simulator's name`);
    const connector = knownConnector(account.connector, name);
    return {
      name,
      connector,
      settings:
        'secret' in account
          ? { from: 'secret', secretId: account.secret }
          : {
              from: 'settings',
              settings: accountSettingsOf(
                connector,
                account.settings,
                `The processor account ${name} in ${where}`,
              ),
            },
    };
  });
};

/**
 * The account a connector's name makes of the environment, as live processors were set before
 * accounts (`WATTLE_LIVE_PROCESSOR=adyen` and the four ADYEN_* variables): named as its connector,
 * its settings the variables its schema names, or (AWS, before accounts) the secret
 * WATTLE_<CONNECTOR>_SECRET_ARN names.
 */
const accountOfEnvironment = (connector: Connector<unknown>, env: NodeJS.ProcessEnv): ProcessorAccount => {
  const secretId = env[`WATTLE_${connector.name.toUpperCase()}_SECRET_ARN`];
  return {
    name: connector.name,
    connector,
    settings: secretId
      ? { from: 'secret', secretId }
      : {
          from: 'settings',
          settings: accountSettingsOf(
            connector,
            env,
            `The live processor account ${connector.name} in the environment`,
          ),
        },
  };
};

/**
 * The deployment's processor accounts from the environment, checked (the local stack calls it at
 * start, so a wrong setting stops it with the message; a function calls it when it composes):
 * those WATTLE_PROCESSOR_ACCOUNTS (or the file WATTLE_PROCESSOR_ACCOUNTS_FILE) declares, and the
 * live default WATTLE_LIVE_PROCESSOR names (unset: the simulator). A default that names a
 * connector and no declared account is the account of that name from the environment (the
 * settings that worked before accounts: `adyen` and ADYEN_*).
 */
export const loadProcessorConfig = (env: NodeJS.ProcessEnv = process.env): ProcessorConfig => {
  const accounts = declared(env);
  const live = env[liveProcessorVariable]?.trim() || simulatorAccount;
  if (live === simulatorAccount || accounts.some((account) => account.name === live))
    return { live, accounts };
  const connector = connectorNamed(live);
  if (!connector)
    throw new Error(
      `${liveProcessorVariable} must be ${simulatorAccount}, a declared processor account or a connector (${[...accounts.map((account) => account.name), ...connectors.map((c) => c.name)].join(', ')}), not "${live}"`,
    );
  return { live, accounts: [...accounts, accountOfEnvironment(connector, env)] };
};

/** What the local stack's start shows of an account (never a key). */
export const describeAccount = (account: ProcessorAccount): string =>
  account.settings.from === 'settings'
    ? account.connector.describe(account.settings.settings)
    : `${account.connector.name}, settings in ${account.settings.secretId}`;
