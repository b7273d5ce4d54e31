import { randomBytes } from 'node:crypto';
import type { Ids } from '@wattle/domain';
import type { Secrets } from '@wattle/ports';

/** 16 random bytes make the 22 URL-safe characters of a Pin token. */
export const randomIds: Ids = { token: (prefix) => `${prefix}_${randomBytes(16).toString('base64url')}` };

/** A random secret of `bytes` bytes, URL-safe, for API keys and signing keys. */
export const randomSecret = (bytes = 24): string => randomBytes(bytes).toString('base64url');

export const randomSecrets: Secrets = { secret: randomSecret };
