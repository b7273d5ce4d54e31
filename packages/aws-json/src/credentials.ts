import { defaultProvider } from '@aws-sdk/credential-provider-node';
import type { Credentials } from './sigv4.ts';

/** An identity, or what gives one (a provider, as the SDK's are). */
export type CredentialSource = Credentials | (() => Promise<Credentials>);

/** Refresh expiring credentials this long before they expire (the SDK's margin). */
const refreshMarginMs = 5 * 60_000;

/**
 * The identity a client signs with: `given`, else the SDK's default chain (in a Lambda bundle, the
 * environment's: packages/runtime/src/lambda-credentials.ts). Asks at once share one ask of the
 * provider; a failed ask fails the asks that waited on it and is forgotten; expiring credentials
 * are asked for again.
 */
export const sharedCredentials = (given?: CredentialSource): (() => Promise<Credentials>) => {
  const source =
    typeof given === 'function'
      ? given
      : given
        ? async () => given
        : (defaultProvider() as () => Promise<Credentials>);
  /** The identity in use, or the one being fetched. */
  let current: Promise<Credentials> | undefined;
  const identity = async (): Promise<Credentials> => {
    const asked = current;
    if (asked) {
      const held = await asked;
      if (!held.expiration || held.expiration.getTime() - Date.now() > refreshMarginMs) return held;
      // Expiring: ask again, unless another call already has.
      if (current !== asked) return identity();
    }
    const asking = source();
    current = asking;
    asking.catch(() => {
      if (current === asking) current = undefined;
    });
    return asking;
  };
  return identity;
};
