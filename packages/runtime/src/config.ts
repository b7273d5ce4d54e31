import { type Environment, retentionFromDays } from '@wattle/domain';
import type { RuntimeConfig } from '@wattle/ports';
import { publicBaseUrlVariable } from '@wattle/routes';

/** Five minutes: the stream brings an event in about a second; a Pipe retrying for longer is broken. */
export const defaultFanOutGraceSeconds = 300;

const fanOutGrace = (text: string | undefined): number => {
  if (!text) return defaultFanOutGraceSeconds;
  if (!/^\d+$/.test(text)) throw new Error('WATTLE_FAN_OUT_GRACE_SECONDS must be a whole number of seconds');
  return Number(text);
};

/** The configuration from the environment, checked: a missing or malformed setting throws. */
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
    logFormat: env.WATTLE_LOG_FORMAT === 'line' ? 'line' : 'json',
    fanOutGraceSeconds: fanOutGrace(env.WATTLE_FAN_OUT_GRACE_SECONDS),
    retention: retentionFromDays(env.WATTLE_EVENT_RETENTION_DAYS),
  };
};

/**
 * The base URL an environment is reached at, as configured (WATTLE_TEST_BASE_URL and
 * WATTLE_LIVE_BASE_URL: in AWS the stage's URL or its custom domain, set by the stack; locally the
 * stack's own address): the links Wattle hands out (the 3-D Secure issuer page, the subscription
 * self-service page) and the pages' form actions are built on it, never on a request's Host or
 * X-Forwarded-Proto, which whoever sends the request chooses. Read at each use, as the local stack
 * knows its port only once it listens; a missing or malformed one is a deployment's mistake.
 */
export const publicBaseUrl = (environment: Environment, env: NodeJS.ProcessEnv = process.env): string => {
  const name = publicBaseUrlVariable(environment);
  const text = env[name];
  if (!text) throw new Error(`${name} is not set: the ${environment} environment's public base URL`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${name} is not a URL`);
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.username ||
    url.password ||
    url.search ||
    url.hash
  )
    throw new Error(`${name} must be an http or https URL without credentials, query or fragment`);
  return url.href.replace(/\/+$/, '');
};
