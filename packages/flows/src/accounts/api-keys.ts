import { type ApiKeyGrant, apiKeyPrefix, type Environment } from '@wattle/domain';
import type { Secrets } from '@wattle/ports';

export interface EnvironmentKeys {
  secretKey: string;
  publishableKey: string;
}

/** A new API key: its kind's prefix and 24 random bytes. */
export const newApiKey = (
  secrets: Secrets,
  kind: ApiKeyGrant['kind'],
  environment: Environment | null,
): string => `${apiKeyPrefix(kind, environment)}${secrets.secret(24)}`;

/** Keys chosen rather than made: any of a merchant's four (the local stack's fixed keys). */
export type GivenMerchantKeys = { [E in Environment]?: Partial<EnvironmentKeys> | undefined };

/** A merchant's secret and publishable keys for both environments: those `given`, new ones for the rest. */
export const newMerchantKeys = (
  secrets: Secrets,
  given: GivenMerchantKeys = {},
): Record<Environment, EnvironmentKeys> => ({
  test: {
    secretKey: given.test?.secretKey ?? newApiKey(secrets, 'secret', 'test'),
    publishableKey: given.test?.publishableKey ?? newApiKey(secrets, 'publishable', 'test'),
  },
  live: {
    secretKey: given.live?.secretKey ?? newApiKey(secrets, 'secret', 'live'),
    publishableKey: given.live?.publishableKey ?? newApiKey(secrets, 'publishable', 'live'),
  },
});
