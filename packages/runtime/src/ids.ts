import { createHash, randomBytes } from 'node:crypto';
import type { Ids } from '@wattle/domain';
import type { Secrets } from '@wattle/ports';
import { pooledRandomBytes } from '@wattle/store';

/** `length` random bytes (at most 8 KB) as text in `encoding`, from the store's pool. */
export const randomText = (length: number, encoding: 'base64' | 'base64url' | 'hex'): string =>
  pooledRandomBytes(length).toString(encoding);

/**
 * 16 random bytes make the 22 URL-safe characters of a Pin token; a derived token takes the first
 * 22 characters of its seed's SHA-256 (base64url): 132 bits, as many as a random one's 128.
 */
export const randomIds: Ids = {
  token: (prefix) => `${prefix}_${randomText(16, 'base64url')}`,
  derived: (prefix, seed) =>
    `${prefix}_${createHash('sha256').update(seed).digest('base64url').slice(0, 22)}`,
};

/** A random secret of `bytes` bytes, URL-safe, for API keys and signing keys. */
export const randomSecret = (bytes = 24): string => randomBytes(bytes).toString('base64url');

export const randomSecrets: Secrets = { secret: randomSecret };
