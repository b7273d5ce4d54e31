import type { Clock, Ids, Retention } from '@wattle/domain';
import type { Logger } from './logger.ts';
import type { Cipher, RetryPacing, Secrets } from './system.ts';

/**
 * Configuration from the environment, read once at start and checked (loadConfig in
 * @wattle/runtime): a function with a missing setting fails at its first request with a clear
 * message, not later with a strange one.
 */
export interface RuntimeConfig {
  tableName: string;
  /** Development: the card key as 64 hex characters. */
  cardKeyHex: string | undefined;
  /** AWS: the KMS key that makes the data keys for card numbers. */
  cardKmsKeyId: string | undefined;
  logLevel: string;
  /** `json` (CloudWatch's structured lines, the default) or `line` (one readable line each, for a terminal). */
  logFormat: 'json' | 'line';
  /**
   * How long after its write an event the table stream has not brought to the fan-out is fanned
   * out by the scheduler instead (WATTLE_FAN_OUT_GRACE_SECONDS, default 300).
   */
  fanOutGraceSeconds: number;
  /** How long events and webhooks are kept (WATTLE_EVENT_RETENTION_DAYS, default 30 days). */
  retention: Retention;
}

/**
 * What every function gets, whatever its routes: small, and built once per container. `L` is the
 * logger the composition makes (Powertools' in @wattle/runtime, which the handlers' chains inject
 * the Lambda context into); flows see it as the Logger port.
 */
export interface BaseDeps<L extends Logger = Logger> {
  config: RuntimeConfig;
  clock: Clock;
  ids: Ids;
  secrets: Secrets;
  /** Seals secrets at rest (card and bank account numbers, referred merchants' keys): the store's key. */
  cipher: Cipher;
  /** The waits between the rounds of a read-decide-write that lost to another request. */
  pacing: RetryPacing;
  logger: L;
}
