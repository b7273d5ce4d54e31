import { randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import {
  type Account,
  type Clock,
  type Ids,
  type Merchant,
  type MerchantApplication,
  type MerchantKeys,
  maskAccountNumber,
  newBankAccount,
  newEvent,
  PinError,
  presentMerchantSummary,
  toTimestamp,
} from '@wattle/domain';
import { hashApiKey, type Store, type StoredMerchant } from '@wattle/store';
import { newKey } from './provision-account.ts';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

/** Passwords are kept only as a salted scrypt hash. */
const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
};

const keysContext = (merchantToken: string): string => `merchant-keys#${merchantToken}`;

interface Deps {
  store: Store;
  ids: Ids;
  clock: Clock;
}

/**
 * A partner refers a merchant (POST /merchants): a merchant account awaiting approval, with test
 * keys that work at once and live keys that wait for approval, and the
 * sub_merchant_application.submitted event. The partner can read the keys later (SPEC.md: the
 * merchant detail shows them), so besides their hashes they are kept sealed.
 */
export const referMerchant = async (
  { store, ids, clock }: Deps,
  partnerId: string,
  application: MerchantApplication,
  password: string,
): Promise<Merchant> => {
  const now = clock.now();
  const at = toTimestamp(now);
  const merchant: Merchant = {
    token: ids.token('mrch'),
    accountId: ids.token('acct'),
    partnerId,
    status: 'pending_approval',
    // The account number is kept only sealed (below); the application shows it masked.
    application: {
      ...application,
      bankAccount: { ...application.bankAccount, number: maskAccountNumber(application.bankAccount.number) },
    },
    createdAt: at,
    updatedAt: at,
  };
  const account: Account = {
    id: merchant.accountId,
    kind: 'merchant',
    name: application.business.tradingName,
    email: application.contact.email,
    status: 'pending_approval',
    referredBy: partnerId,
    createdAt: at,
    payoutBankAccount: newBankAccount(application.bankAccount, ids.token('ba'), at),
  };
  const keys: MerchantKeys = {
    test: { secretKey: newKey('secret', 'test'), publishableKey: newKey('publishable', 'test') },
    live: { secretKey: newKey('secret', 'live'), publishableKey: newKey('publishable', 'live') },
  };
  const grant = (kind: 'secret' | 'publishable', environment: 'test' | 'live') => ({
    accountId: account.id,
    kind,
    environment,
    ...(environment === 'live' ? { suspended: true } : {}),
  });
  const stored: StoredMerchant = {
    merchant,
    sealedKeys: await store.ctx.cipher.seal(JSON.stringify(keys), keysContext(merchant.token)),
    sealedBankAccountNumber: await store.ctx.cipher.seal(
      application.bankAccount.number,
      `merchant-bank-account#${merchant.token}`,
    ),
    passwordHash: await hashPassword(password),
    liveKeyHashes: [hashApiKey(keys.live.secretKey), hashApiKey(keys.live.publishableKey)],
  };
  await store.merchants.create(
    stored,
    account,
    [
      { apiKey: keys.test.secretKey, grant: grant('secret', 'test') },
      { apiKey: keys.test.publishableKey, grant: grant('publishable', 'test') },
      { apiKey: keys.live.secretKey, grant: grant('secret', 'live') },
      { apiKey: keys.live.publishableKey, grant: grant('publishable', 'live') },
    ],
    newEvent(ids, 'sub_merchant_application.submitted', presentMerchantSummary(merchant), at),
    now,
  );
  return merchant;
};

/** The merchant's keys, for its partner's eyes only. */
export const openMerchantKeys = async (store: Store, stored: StoredMerchant): Promise<MerchantKeys> =>
  JSON.parse(
    await store.ctx.cipher.open(stored.sealedKeys, keysContext(stored.merchant.token)),
  ) as MerchantKeys;

/** Approves a referred merchant: its live keys start to work (sub_merchant_application.activated). */
export const activateMerchant = async (
  { store, ids, clock }: Deps,
  merchantToken: string,
): Promise<Merchant> => {
  const stored = await store.merchants.get(merchantToken);
  if (!stored) throw new PinError('not_found');
  if (stored.merchant.status === 'active') return stored.merchant;
  const now = clock.now();
  const active: Merchant = { ...stored.merchant, status: 'active', updatedAt: toTimestamp(now) };
  const event = newEvent(
    ids,
    'sub_merchant_application.activated',
    presentMerchantSummary(active),
    active.updatedAt,
  );
  await store.merchants.activate(stored, active, event, now);
  return active;
};
