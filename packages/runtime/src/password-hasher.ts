import { randomBytes, scrypt } from 'node:crypto';
import type { PasswordHasher } from '@wattle/ports';

// A promise by hand rather than node:util's promisify: importing node:util makes Node's ESM loader
// load the whole module at every function's start, for one call.
const scryptAsync = (password: string, salt: Buffer, length: number): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(password, salt, length, (error, hash) => (error ? reject(error) : resolve(hash))),
  );

/** Passwords are kept only as a salted scrypt hash. */
export const scryptPasswordHasher: PasswordHasher = {
  hash: async (password) => {
    const salt = randomBytes(16);
    const hash = await scryptAsync(password, salt, 32);
    return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
  },
};
