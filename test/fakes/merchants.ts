import { approvableStatuses, type Merchant, type WattleEvent } from '@wattle/domain';
import { Changed, type MerchantsStore, type StoredMerchant } from '@wattle/ports';
import type { fakeAccounts } from './accounts.ts';

/**
 * The merchants port in memory over the accounts fake (a referral makes an account and its keys):
 * the live keys suspended until the activation, which throws Changed for a merchant no longer
 * pending (or on hold), and the review, which throws Changed for one neither pending nor on hold. `events` are the ones the writes recorded, in order.
 */
export const fakeMerchants = (
  accounts: ReturnType<typeof fakeAccounts>,
): MerchantsStore & { all: Map<string, StoredMerchant>; events: WattleEvent[] } => {
  const all = new Map<string, StoredMerchant>();
  const events: WattleEvent[] = [];
  return {
    all,
    events,
    create: async (made, account, apiKeys, event) => {
      accounts.add(account, apiKeys);
      all.set(made.merchant.token, {
        ...made,
        liveKeyHashes: apiKeys.filter((key) => key.grant.suspended).map((key) => key.apiKey),
      });
      events.push(event);
    },
    get: async (token) => all.get(token) ?? null,
    listForPartner: async (partnerId, page) => {
      const items = [...all.values()]
        .map((stored) => stored.merchant)
        .filter((merchant) => merchant.partnerId === partnerId)
        .reverse();
      return { items: items.slice((page - 1) * 25, page * 25), total: items.length };
    },
    activate: async (stored, active: Merchant, event) => {
      const current = all.get(active.token);
      if (!current || !approvableStatuses.includes(current.merchant.status))
        throw new Changed('merchant', active.token);
      all.set(active.token, { ...current, merchant: active });
      const account = accounts.accounts.get(active.accountId)!;
      accounts.accounts.set(active.accountId, { ...account, status: 'active' });
      for (const apiKey of stored.liveKeyHashes) {
        const { suspended: _, ...grant } = accounts.keys.get(apiKey)!;
        accounts.keys.set(apiKey, grant);
      }
      events.push(event);
    },
    review: async (reviewed: Merchant, event) => {
      const current = all.get(reviewed.token);
      const reviewable = ['pending_approval', 'on_hold'];
      if (!current || !reviewable.includes(current.merchant.status))
        throw new Changed('merchant', reviewed.token);
      all.set(reviewed.token, { ...current, merchant: reviewed });
      const account = accounts.accounts.get(reviewed.accountId)!;
      accounts.accounts.set(reviewed.accountId, { ...account, status: reviewed.status });
      events.push(event);
    },
  };
};
