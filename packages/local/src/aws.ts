/**
 * The fake AWS identity of the local stack. Everything local talks to DynamoDB Local and fauxqs with
 * these, and the functions get them through the environment, so a developer's real AWS credentials
 * can never be picked up by a locally running function.
 */
export const localRegion = 'ap-southeast-2';
export const localAccountId = '000000000000';
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

/** Client settings for an emulator at `endpoint`. */
export const localClientConfig = (endpoint: string) => ({
  endpoint,
  region: localRegion,
  credentials: localCredentials,
});
