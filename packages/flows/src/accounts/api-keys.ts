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

/** A merchant's secret and publishable keys for both environments. */
export const newMerchantKeys = (secrets: Secrets): Record<Environment, EnvironmentKeys> => ({
  test: {
    secretKey: newApiKey(secrets, 'secret', 'test'),
    publishableKey: newApiKey(secrets, 'publishable', 'test'),
  },
  live: {
    secretKey: newApiKey(secrets, 'secret', 'live'),
    publishableKey: newApiKey(secrets, 'publishable', 'live'),
  },
});
