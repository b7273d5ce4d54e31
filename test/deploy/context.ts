import {
  CreateAccessKeyCommand,
  CreateUserCommand,
  IAMClient,
  PutUserPolicyCommand,
} from '@aws-sdk/client-iam';
import type { FunctionName } from '@wattle/routes';
import { adminCredentials } from './deploy.ts';
import type { DeployedStack, RoleCredentials } from './deployed.ts';
import { motoClientConfig } from './deployed.ts';
import type { FunctionProcess } from './function-process.ts';
import type { RehearsalGateway } from './gateway.ts';
import type { Moto } from './moto.ts';

/** The rehearsal's own identity once IAM is enforced: an IAM user allowed everything. */
export interface Administrator {
  credentials: RoleCredentials;
  /** Client settings for moto with these credentials. */
  clientConfig: ReturnType<typeof motoClientConfig>;
}

export interface RehearsalContext {
  moto: Moto;
  stack: DeployedStack;
  processes: Record<FunctionName, FunctionProcess>;
  gateway: RehearsalGateway;
  administrator: Administrator;
  /** Records one check of the summary. */
  report(ok: boolean, text: string): void;
}

/**
 * The user the rehearsal acts as after IAM enforcement is on (seeding, the queues' event sources'
 * housekeeping, taking a grant away), made while moto still takes any credentials.
 */
export const createAdministrator = async (endpoint: string): Promise<Administrator> => {
  const iam = new IAMClient(motoClientConfig(endpoint, adminCredentials));
  const UserName = 'wattle-rehearsal';
  await iam.send(new CreateUserCommand({ UserName }));
  await iam.send(
    new PutUserPolicyCommand({
      UserName,
      PolicyName: 'everything',
      PolicyDocument: JSON.stringify({
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Action: '*', Resource: '*' }],
      }),
    }),
  );
  const { AccessKey } = await iam.send(new CreateAccessKeyCommand({ UserName }));
  const credentials = {
    accessKeyId: AccessKey!.AccessKeyId!,
    secretAccessKey: AccessKey!.SecretAccessKey!,
    sessionToken: '',
  };
  return { credentials, clientConfig: motoClientConfig(endpoint, credentials) };
};
