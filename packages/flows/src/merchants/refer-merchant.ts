import {
  type Account,
  type Merchant,
  type MerchantApplication,
  maskAccountNumber,
  newBankAccount,
  newEvent,
  reviewOutcomeFor,
  toTimestamp,
} from '@wattle/domain';
import type { Cipher, Clock, Ids, MerchantsStore, PasswordHasher, Secrets } from '@wattle/ports';
import { type MerchantKeys, presentMerchantSummary } from '@wattle/wire';
import { newMerchantKeys } from '../accounts/api-keys.ts';
import { merchantBankAccountContext, merchantKeysContext } from './sealing.ts';

export interface ReferMerchantDeps {
  merchants: MerchantsStore;
  ids: Ids;
  clock: Clock;
  secrets: Secrets;
  cipher: Cipher;
  passwordHasher: PasswordHasher;
}

/**
 * A partner refers a merchant (POST /merchants): a merchant account awaiting approval, with test
 * keys that work at once and live keys that wait for approval, and the
 * sub_merchant_application.submitted event. The partner can read the keys later (cookbook/merchants.md: the
 * merchant detail shows them), so besides their hashes they are kept sealed. An application with a
 * test input of the simulated review (reviewOutcomeFor) is then declined or put on hold at once,
 * with its own event after the submitted one, and answered with that status.
 */
export const referMerchant = async (
  { merchants, ids, clock, secrets, cipher, passwordHasher }: ReferMerchantDeps,
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
  const keys: MerchantKeys = newMerchantKeys(secrets);
  // Live keys are suspended until the merchant is approved (activateMerchant).
  const grant = (kind: 'secret' | 'publishable', environment: 'test' | 'live') => ({
    accountId: account.id,
    kind,
    environment,
    ...(environment === 'live' ? { suspended: true } : {}),
  });
  await merchants.create(
    {
      merchant,
      sealedKeys: await cipher.seal(JSON.stringify(keys), merchantKeysContext(merchant.token)),
      sealedBankAccountNumber: await cipher.seal(
        application.bankAccount.number,
        merchantBankAccountContext(merchant.token),
      ),
      passwordHash: await passwordHasher.hash(password),
    },
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
  const outcome = reviewOutcomeFor(application);
  if (!outcome) return merchant;
  // The review comes after the submission: at least a millisecond later, so the events list it after.
  const reviewedAt = new Date(Math.max(clock.now().getTime(), now.getTime() + 1));
  const reviewed: Merchant = { ...merchant, status: outcome, updatedAt: toTimestamp(reviewedAt) };
  await merchants.review(
    reviewed,
    newEvent(
      ids,
      `sub_merchant_application.${outcome}`,
      presentMerchantSummary(reviewed),
      reviewed.updatedAt,
    ),
    reviewedAt,
  );
  return reviewed;
};
