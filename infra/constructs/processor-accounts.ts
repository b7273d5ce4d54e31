import { readFileSync } from 'node:fs';
import { liveProcessorVariable, processorAccountsVariable, simulatorAccount } from '@wattle/routes';
import { connectorNamed, connectors } from '@wattle/runtime/connectors';
import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';

/** A processor account the stack declares: its name and its connector; its settings go in its secret. */
export interface DeclaredAccount {
  name: string;
  connector: string;
}

/** The live default and the accounts, as the stack's context declares them. */
export interface DeclaredAccounts {
  live: string;
  accounts: readonly DeclaredAccount[];
}

const accountName = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** A context value that may come as JSON text (`-c processorAccounts='{…}'`) or as an object (cdk.json). */
const jsonOf = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/**
 * The processor accounts from CDK context: `processorAccounts` (an object of accounts by name,
 * each `{ "connector": "adyen" }`) or `processorAccountsFile` (a JSON file of the same), and
 * `liveProcessor`, the live default (default `simulator`). `-c liveProcessor=adyen` alone, as
 * before accounts, declares the account named as that connector. A mistake is caught at synth.
 */
export const processorAccountsFromContext = (scope: Construct): DeclaredAccounts => {
  const file: unknown = scope.node.tryGetContext('processorAccountsFile');
  const given: unknown =
    typeof file === 'string' && file.trim() !== ''
      ? JSON.parse(readFileSync(file, 'utf8'))
      : jsonOf(scope.node.tryGetContext('processorAccounts') ?? {});
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    throw new Error('-c processorAccounts must be a JSON object of accounts by name');
  const accounts = Object.entries(given as Record<string, unknown>).map(
    ([name, account]): DeclaredAccount => {
      const connector = (account as { connector?: unknown } | null)?.connector;
      if (!accountName.test(name) || name === simulatorAccount)
        throw new Error(
          `-c processorAccounts: "${name}" is no account name (lower-case letters, digits and dashes; not ${simulatorAccount})`,
        );
      if (typeof connector !== 'string' || !connectorNamed(connector))
        throw new Error(
          `-c processorAccounts: the account ${name} must name its connector, one of ${connectors.map((c) => c.name).join(', ')}`,
        );
      return { name, connector };
    },
  );
  const value: unknown = scope.node.tryGetContext('liveProcessor');
  const live = typeof value === 'string' && value.trim() !== '' ? value.trim() : simulatorAccount;
  if (live === simulatorAccount || accounts.some((account) => account.name === live))
    return { live, accounts };
  if (connectorNamed(live)) return { live, accounts: [...accounts, { name: live, connector: live }] };
  throw new Error(
    `-c liveProcessor must be ${simulatorAccount} or a processor account (${[...accounts.map((a) => a.name), ...connectors.map((c) => c.name)].join(', ')}), not "${live}"`,
  );
};

/** An account's secret, as the stack made it. */
export interface AccountSecret extends DeclaredAccount {
  secret: Secret;
}

/** `adyen-au` as an id's tail: `AdyenAu`. */
const pascal = (name: string): string =>
  name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * The one connector a stack could have before accounts (`-c liveProcessor=<it>`): the registry
 * lists it first.
 */
const connectorBeforeAccounts = connectors[0]?.name;

/**
 * The secret of each account's settings, made by the stack with a placeholder value: the operator
 * puts the JSON object of the account's settings in it (docs/operations/processors.md), so no key
 * is ever in the template or the CDK context. Kept when the stack goes: it holds live keys. The
 * account named as the connector stacks had before accounts keeps the id that one live processor's
 * secret had (`ProcessorSecret`), whichever account is the default, so a stack deployed before
 * accounts keeps its secret and its settings; an account named as another connector (`paypal`)
 * takes an id of its own, as every other account does.
 */
export const createAccountSecrets = (scope: Construct, declared: DeclaredAccounts): AccountSecret[] =>
  declared.accounts.map((account) => {
    const id =
      account.name === account.connector && account.connector === connectorBeforeAccounts
        ? 'ProcessorSecret'
        : `ProcessorSecret${pascal(account.name)}`;
    const secret = new Secret(scope, id, {
      description: `Wattle's processor account ${account.name} (connector ${account.connector}): a JSON object of its settings`,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        "The secret holds an acquirer's API and notification keys, which are made and replaced at the acquirer (Adyen's Customer Area), not by Secrets Manager: a rotation Lambda could not issue them.",
    });
    return { ...account, secret };
  });

/**
 * Lets `fn` (a function that calls processors or verifies their notifications) read each account's
 * settings: GetSecretValue on those secrets alone (their key is Secrets Manager's, which needs no
 * grant), and where to find them: the accounts by name with their connector and secret, and the
 * live default.
 */
export const grantAccountSecrets = (
  fn: LambdaFunction,
  live: string,
  accounts: readonly AccountSecret[],
): void => {
  if (accounts.length === 0) return;
  fn.addEnvironment(liveProcessorVariable, live);
  fn.addEnvironment(
    processorAccountsVariable,
    Stack.of(fn).toJsonString(
      Object.fromEntries(
        accounts.map((account) => [
          account.name,
          { connector: account.connector, secret: account.secret.secretArn },
        ]),
      ),
    ),
  );
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['secretsmanager:GetSecretValue'],
      resources: accounts.map((account) => account.secret.secretArn),
    }),
  );
};
