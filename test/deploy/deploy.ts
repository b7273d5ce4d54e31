import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CreateSecretCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { motoClientConfig } from './deployed.ts';
import { motoAccount, rehearsalRegion } from './moto.ts';
import { type Template, withStandIns } from './stand-ins.ts';

const run = promisify(execFile);

/** The dummy credentials moto takes before its IAM enforcement is on (an administrator's, in effect). */
export const adminCredentials = { accessKeyId: 'rehearsal', secretAccessKey: 'rehearsal' } as const;

/** The environment of a command that talks to moto as the deploying administrator. */
export const adminEnvironment = (
  endpoint: string,
  credentials: { accessKeyId: string; secretAccessKey: string } = adminCredentials,
): NodeJS.ProcessEnv => ({
  ...process.env,
  AWS_ACCESS_KEY_ID: credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  AWS_SESSION_TOKEN: '',
  AWS_PROFILE: '',
  AWS_REGION: rehearsalRegion,
  AWS_DEFAULT_REGION: rehearsalRegion,
  AWS_ENDPOINT_URL: endpoint,
  CDK_DEFAULT_ACCOUNT: '',
  CDK_DEFAULT_REGION: '',
});

/** CDK's CLI, run by this Node: through npx, each command would start npm first (about 0.9 s of CPU). */
const cdkCli = fileURLToPath(new URL('../../node_modules/aws-cdk/bin/cdk', import.meta.url));

const cdk = async (args: string[], env: NodeJS.ProcessEnv): Promise<void> => {
  try {
    await run(process.execPath, [cdkCli, ...args], { env, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`cdk ${args[0]} failed:\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
};

/**
 * The processor accounts the rehearsal deploys (CDK context `processorAccounts`): Adyen's, the live
 * default, and PayPal's, each with a secret of its own that only the functions calling processors
 * may read.
 */
export const rehearsalAccounts = { adyen: { connector: 'adyen' }, paypal: { connector: 'paypal' } } as const;
export type RehearsalAccount = keyof typeof rehearsalAccounts;

export interface Deployed {
  /** The rewrites the template needed (withStandIns). */
  changes: string[];
  /** Each account's secret (made by the rehearsal: moto's CloudFormation cannot), by account. */
  processorSecretArns: Record<RehearsalAccount, string>;
}

/** The account a secret of the template is of, by its description (createAccountSecrets names it). */
const accountOfSecret = (description: unknown): RehearsalAccount | undefined =>
  (Object.keys(rehearsalAccounts) as RehearsalAccount[]).find(
    (account) => typeof description === 'string' && description.includes(`processor account ${account} `),
  );

/**
 * `cdk synth` into a folder of its own (bundling every function as `cdk deploy` would), the
 * stand-ins written over its template, then `cdk bootstrap` and `cdk deploy` of that cloud assembly
 * into moto. Bootstrapping from the assembly, not the app, keeps it from synthesizing again.
 */
export const deployToMoto = async (endpoint: string, assemblyDir: string): Promise<Deployed> => {
  const env = adminEnvironment(endpoint);
  // The live stage with two accounts: each account's secret and its grants are rehearsed too.
  await cdk(
    [
      'synth',
      '--quiet',
      '--output',
      assemblyDir,
      '-c',
      `processorAccounts=${JSON.stringify(rehearsalAccounts)}`,
      '-c',
      'liveProcessor=adyen',
    ],
    env,
  );
  const templatePath = join(assemblyDir, 'Wattle.template.json');
  const synthesized = JSON.parse(readFileSync(templatePath, 'utf8')) as Template;
  const secrets = new SecretsManagerClient(motoClientConfig(endpoint, adminCredentials));
  const byId: Record<string, string> = {};
  const byAccount: Partial<Record<RehearsalAccount, string>> = {};
  for (const [id, resource] of Object.entries(synthesized.Resources)) {
    if (resource.Type !== 'AWS::SecretsManager::Secret') continue;
    const account = accountOfSecret(resource.Properties?.Description);
    if (!account) throw new Error(`The secret ${id} is of no account the rehearsal declared`);
    const { ARN } = await secrets.send(
      new CreateSecretCommand({ Name: `Wattle${id}`, SecretString: 'placeholder' }),
    );
    byId[id] = ARN!;
    byAccount[account] = ARN!;
  }
  secrets.destroy();
  const missing = Object.keys(rehearsalAccounts).filter((account) => !byAccount[account as RehearsalAccount]);
  if (missing.length > 0) throw new Error(`The template has no secret of ${missing.join(', ')}`);
  const { template, changes } = withStandIns(synthesized, byId);
  writeFileSync(templatePath, JSON.stringify(template));
  await cdk(['bootstrap', `aws://${motoAccount}/${rehearsalRegion}`, '--app', assemblyDir], env);
  await cdk(['deploy', 'Wattle', '--app', assemblyDir, '--require-approval', 'never'], env);
  return { changes, processorSecretArns: byAccount as Record<RehearsalAccount, string> };
};
