import type { Cipher, PasswordHasher } from '@wattle/ports';

/**
 * A cipher that only wraps (readable in a test, never the clear text alone) and checks the
 * context on opening, as the real one's authenticated data does; `sealed` records each call.
 */
export const fakeCipher = (): Cipher & { sealed: { plain: string; context: string }[] } => {
  const sealed: { plain: string; context: string }[] = [];
  return {
    sealed,
    seal: async (plain, context) => {
      sealed.push({ plain, context });
      return `sealed(${context}):${Buffer.from(plain).toString('base64')}`;
    },
    open: async (text, context) => {
      const prefix = `sealed(${context}):`;
      if (!text.startsWith(prefix)) throw new Error('Sealed under another context');
      return Buffer.from(text.slice(prefix.length), 'base64').toString();
    },
  };
};

export const fakePasswordHasher = (): PasswordHasher => ({
  hash: async (password) => `hashed:${[...password].reverse().join('')}`,
});
