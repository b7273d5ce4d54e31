import { randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import type { PasswordHasher } from '@wattle/ports';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

/** Passwords are kept only as a salted scrypt hash. */
export const scryptPasswordHasher: PasswordHasher = {
  hash: async (password) => {
    const salt = randomBytes(16);
    const hash = await scryptAsync(password, salt, 32);
    return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
  },
};
