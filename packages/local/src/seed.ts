import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { BankAccountDetails, Environment } from '@wattle/domain';
import { type EnvironmentKeys, type GivenMerchantKeys, provisionAccount } from '@wattle/flows';
import type { AccountsStore } from '@wattle/ports';
import { randomIds, randomSecrets, runtimeClock } from '@wattle/runtime';
import type { FixedKeys } from './fixed-keys.ts';

/** What the seed reads and writes: the accounts and their keys. */
interface SeedStore {
  accounts: AccountsStore;
}

const hexKey = /^[0-9a-f]{64}$/i;

/** What provisioning an account takes, over the stack's store. */
export const accountDeps = (store: SeedStore) => ({
  accounts: store.accounts,
  ids: randomIds,
  clock: runtimeClock,
  secrets: randomSecrets,
});

/**
 * The card key as 64 hex characters. Persistent mode keeps it in `file` (mode 0600, created once, so
 * stored card numbers stay readable across restarts); in-memory mode (`file` null) makes a fresh one.
 */
export const loadCardKey = (file: string | null): string => {
  if (!file) return randomBytes(32).toString('hex');
  try {
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = readFileSync(file, 'utf8').trim();
  if (!hexKey.test(key)) throw new Error(`${file} does not hold a card key (64 hex characters)`);
  return key;
};

/** The seeded accounts with their keys in clear, as kept in seed.json (mode 0600). */
export interface Seed {
  partner: { accountId: string; partnerKey: string };
  merchant: { accountId: string; keys: Record<Environment, EnvironmentKeys> };
}

export interface MerchantRequest {
  name: string;
  email: string;
  referredBy: string | null;
  payoutBankAccount?: BankAccountDetails | undefined;
  transfersEnabled?: boolean | undefined;
  /** The id and keys where they are chosen (the seeded merchant's). */
  given?: { accountId?: string | undefined; keys?: GivenMerchantKeys } | undefined;
}

export const provisionMerchant = async (store: SeedStore, request: MerchantRequest) => {
  const { account, keys } = await provisionAccount(accountDeps(store), {
    kind: 'merchant',
    ...request,
  });
  if (!keys) throw new Error('A merchant was provisioned without keys');
  return { accountId: account.id, keys };
};

const readSeed = (file: string): Seed | null => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Seed;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`${file} is not a valid seed file: ${(error as Error).message}`);
  }
};

/** A saved seed counts only if all its keys still open their accounts (the table may have been wiped). */
const stillValid = async (store: SeedStore, seed: Seed): Promise<boolean> => {
  const partner = await store.accounts.grantFor(seed.partner?.partnerKey ?? '');
  if (partner?.accountId !== seed.partner.accountId) return false;
  for (const environment of ['test', 'live'] as const) {
    const keys = seed.merchant?.keys?.[environment];
    for (const key of [keys?.secretKey, keys?.publishableKey]) {
      const grant = await store.accounts.grantFor(key ?? '');
      if (grant?.accountId !== seed.merchant.accountId || grant.environment !== environment) return false;
    }
  }
  return true;
};

/** The seed's ids and keys where they are chosen: the fixed keys, or all of an earlier seed's. */
interface SeedChoice {
  partner: { accountId?: string; partnerKey?: string | undefined };
  merchant: { accountId?: string; keys: GivenMerchantKeys };
}

/** Makes the local partner and the merchant it referred, with the ids and keys chosen, new ones for the rest. */
const provisionSeed = async (store: SeedStore, choice: SeedChoice): Promise<Seed> => {
  const partner = await provisionAccount(accountDeps(store), {
    kind: 'partner',
    name: 'Local Partner',
    email: 'partner@wattle.local',
    given: choice.partner,
  });
  const merchant = await provisionMerchant(store, {
    name: 'Local Merchant',
    email: 'merchant@wattle.local',
    referredBy: partner.account.id,
    // So `recipient=self` transfers work out of the box: a made-up account, never paid into.
    payoutBankAccount: { name: 'Local Merchant', bsb: '063000', number: '000123456' },
    given: choice.merchant,
  });
  return { partner: { accountId: partner.account.id, partnerKey: partner.partnerKey! }, merchant };
};

/** Whether `seed` has every key of `fixed`. */
const hasKeys = (seed: Seed, fixed: FixedKeys): boolean =>
  (fixed.partnerKey ?? seed.partner.partnerKey) === seed.partner.partnerKey &&
  (['test', 'live'] as const).every(
    (environment) =>
      (fixed[environment]?.secretKey ?? seed.merchant.keys[environment].secretKey) ===
        seed.merchant.keys[environment].secretKey &&
      (fixed[environment]?.publishableKey ?? seed.merchant.keys[environment].publishableKey) ===
        seed.merchant.keys[environment].publishableKey,
  );

/** Refuses fixed keys that an earlier run gave to accounts other than the saved seed's. */
const refuseTakenKeys = async (store: SeedStore, fixed: FixedKeys): Promise<void> => {
  const given = [
    fixed.partnerKey,
    ...(['test', 'live'] as const).flatMap((e) => [fixed[e]?.secretKey, fixed[e]?.publishableKey]),
  ].filter((key): key is string => key !== undefined);
  for (const key of given)
    if (await store.accounts.grantFor(key))
      throw new Error(
        `The fixed key ${key.slice(0, 12)}… already opens an account that an earlier run made in this data directory: start with --in-memory or another WATTLE_DATA_DIR`,
      );
};

/**
 * The local partner and merchant. Keys are stored hashed, so the clear keys are kept in `file` and
 * reused while they still work and agree with the `fixed` keys; otherwise (first start, wiped data,
 * in-memory mode, other fixed keys) a new pair is made, with the fixed keys.
 */
export const ensureSeed = async (
  store: SeedStore,
  file: string | null,
  fixed: FixedKeys = {},
): Promise<{ seed: Seed; created: boolean }> => {
  const saved = file ? readSeed(file) : null;
  if (saved && hasKeys(saved, fixed) && (await stillValid(store, saved)))
    return { seed: saved, created: false };
  await refuseTakenKeys(store, fixed);
  const seed = await provisionSeed(store, {
    partner: { partnerKey: fixed.partnerKey },
    merchant: { keys: fixed },
  });
  if (file) writeFileSync(file, `${JSON.stringify(seed, null, 2)}\n`, { mode: 0o600 });
  return { seed, created: true };
};

/** After a reset: the same partner and merchant again, same ids and keys, in the emptied table. */
export const reprovisionSeed = (store: SeedStore, seed: Seed): Promise<Seed> =>
  provisionSeed(store, {
    partner: seed.partner,
    merchant: { accountId: seed.merchant.accountId, keys: seed.merchant.keys },
  });
