import { type Retention, retentionFromDays } from '@wattle/domain';

/**
 * Configuration from the environment, read once at start and checked: a function with a missing
 * setting fails at its first request with a clear message, not later with a strange one.
 */
export interface RuntimeConfig {
  tableName: string;
  /** Development: the card key as 64 hex characters. */
  cardKeyHex: string | undefined;
  /** AWS: the KMS key that makes the data keys for card numbers. */
  cardKmsKeyId: string | undefined;
  logLevel: string;
  /** How long events and webhooks are kept (WATTLE_EVENT_RETENTION_DAYS, default 30 days). */
  retention: Retention;
}

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): RuntimeConfig => {
  const tableName = env.WATTLE_TABLE_NAME;
  if (!tableName) throw new Error('WATTLE_TABLE_NAME is not set');
  const cardKeyHex = env.WATTLE_CARD_KEY || undefined;
  const cardKmsKeyId = env.WATTLE_CARD_KMS_KEY_ID || undefined;
  if (cardKeyHex && !/^[0-9a-f]{64}$/i.test(cardKeyHex))
    throw new Error('WATTLE_CARD_KEY must be 64 hex digits');
  return {
    tableName,
    cardKeyHex,
    cardKmsKeyId,
    logLevel: env.WATTLE_LOG_LEVEL ?? 'INFO',
    retention: retentionFromDays(env.WATTLE_EVENT_RETENTION_DAYS),
  };
};
