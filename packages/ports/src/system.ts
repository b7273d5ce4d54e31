export type { CardProcessor, Clock, Ids } from '@wattle/domain';

/** Random secrets (API keys, webhook signing keys): URL-safe text of `bytes` random bytes. */
export interface Secrets {
  secret(bytes: number): string;
}

/**
 * Encrypts a secret at rest (card numbers, bank account numbers, a referred merchant's keys), bound
 * to `context` (whose secret it is), so a sealed value cannot be moved to another owner.
 */
export interface Cipher {
  seal(plain: string, context: string): Promise<string>;
  open(sealed: string, context: string): Promise<string>;
}
