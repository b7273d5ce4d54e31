import { createCipheriv, createDecipheriv } from 'node:crypto';
import type { KMSClient } from '@aws-sdk/client-kms';
import { pooledRandomBytes } from './random-pool.ts';

/**
 * Encrypts card numbers at rest with AES-256-GCM. `context` (the card's scope and token) is bound
 * in as additional authenticated data, so a sealed number cannot be moved to another card.
 */
export interface CardCipher {
  seal(cardNumber: string, context: string): Promise<string>;
  open(sealed: string, context: string): Promise<string>;
}

const b64 = (buffer: Buffer): string => buffer.toString('base64url');
const unb64 = (text: string): Buffer => Buffer.from(text, 'base64url');

const gcmSeal = (key: Buffer, plain: string, context: string): string[] => {
  const iv = pooledRandomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [b64(iv), b64(cipher.getAuthTag()), b64(body)];
};

const gcmOpen = (key: Buffer, parts: string[], context: string): string => {
  const [iv, tag, body] = parts;
  if (!iv || !tag || !body) throw new Error('A sealed card number is malformed');
  const decipher = createDecipheriv('aes-256-gcm', key, unb64(iv));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(unb64(tag));
  return Buffer.concat([decipher.update(unb64(body)), decipher.final()]).toString('utf8');
};

/** Development: one 32-byte key from a local key file. */
export const localCardCipher = (key: Buffer): CardCipher => {
  if (key.length !== 32) throw new Error('The card key must be 32 bytes');
  return {
    seal: async (cardNumber, context) => ['l1', ...gcmSeal(key, cardNumber, context)].join(':'),
    open: async (sealed, context) => {
      const [version, ...parts] = sealed.split(':');
      if (version !== 'l1') throw new Error('A sealed card number has an unknown format');
      return gcmOpen(key, parts, context);
    },
  };
};

const dataKeyLifetimeMs = 60 * 60 * 1000;

const buffer = (bytes: Uint8Array | undefined): Buffer | undefined =>
  bytes && bytes.length > 0 ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : undefined;

/**
 * AWS: envelope encryption. A data key from KMS seals numbers for an hour of a container's life;
 * the KMS-encrypted data key travels with each sealed number, and opened data keys are cached.
 * KMS's commands are imported when a key is first asked for, not with the store, through
 * ./kms-commands.ts: a function that never handles a card never evaluates them (runtime's
 * aws-clients.ts makes the client so too).
 */
export const kmsCardCipher = (kms: KMSClient, keyId: string): CardCipher => {
  const encryptionContext = { purpose: 'wattle-card-number' };
  let current: { key: Buffer; sealedKey: string; until: number } | undefined;
  const opened = new Map<string, Buffer>();
  const dataKey = async () => {
    if (current && current.until > Date.now()) return current;
    const { GenerateDataKeyCommand } = await import('./kms-commands.ts');
    const result = await kms.send(
      new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: encryptionContext }),
    );
    const key = buffer(result.Plaintext);
    const sealedKey = buffer(result.CiphertextBlob);
    if (!key || !sealedKey) throw new Error('KMS returned no data key');
    current = { key, sealedKey: b64(sealedKey), until: Date.now() + dataKeyLifetimeMs };
    opened.set(current.sealedKey, current.key);
    return current;
  };
  const openKey = async (sealedKey: string): Promise<Buffer> => {
    const cached = opened.get(sealedKey);
    if (cached) return cached;
    const { DecryptCommand } = await import('./kms-commands.ts');
    const result = await kms.send(
      new DecryptCommand({ CiphertextBlob: unb64(sealedKey), EncryptionContext: encryptionContext }),
    );
    const key = buffer(result.Plaintext);
    if (!key) throw new Error('KMS returned no plaintext key');
    opened.set(sealedKey, key);
    return key;
  };
  return {
    seal: async (cardNumber, context) => {
      const { key, sealedKey } = await dataKey();
      return ['k1', sealedKey, ...gcmSeal(key, cardNumber, context)].join(':');
    },
    open: async (sealed, context) => {
      const [version, sealedKey, ...parts] = sealed.split(':');
      if (version !== 'k1' || !sealedKey) throw new Error('A sealed card number has an unknown format');
      return gcmOpen(await openKey(sealedKey), parts, context);
    },
  };
};
