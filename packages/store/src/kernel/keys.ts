import { type Environment, environments, type Scope } from '@wattle/domain';

const s = (scope: Scope): string => `${scope.accountId}#${scope.environment}`;

/** The sort key of every fan-out marker begins so (keys.fanOutMarker). */
export const fanOutMarkerPrefix = '!FANOUT#';

export interface ItemKey {
  pk: string;
  sk: string;
}

/**
 * Key builders, named after the access pattern they serve. Tokens carry their type prefix, so
 * `<scope>#<token>` never collides between resource types.
 */
export const keys = {
  account: (accountId: string): ItemKey => ({ pk: `ACCOUNT#${accountId}`, sk: 'ACCOUNT' }),
  apiKey: (keyHash: string): ItemKey => ({ pk: `KEY#${keyHash}`, sk: 'KEY' }),
  /** A partner-referred merchant (`mrch_`), with its application and its partner. */
  merchant: (merchantToken: string): ItemKey => ({ pk: `MERCHANT#${merchantToken}`, sk: 'MERCHANT' }),
  /** An unused card token from POST /cards: single use, and it is its own expiry lease. */
  cardToken: (scope: Scope, cardToken: string): ItemKey => ({ pk: `${s(scope)}#${cardToken}`, sk: 'CARD' }),
  /** An unused bank account token from POST /bank_accounts: single use, its own expiry lease. */
  bankAccountToken: (scope: Scope, token: string): ItemKey => ({
    pk: `${s(scope)}#${token}`,
    sk: 'BANK_ACCOUNT',
  }),
  /** An unused payment source from POST /payment_sources: single use, its own expiry lease. */
  paymentSource: (scope: Scope, token: string): ItemKey => ({
    pk: `${s(scope)}#${token}`,
    sk: 'PAYMENT_SOURCE',
  }),
  recipient: (scope: Scope, token: string): ItemKey => ({ pk: `${s(scope)}#${token}`, sk: 'RECIPIENT' }),
  customer: (scope: Scope, customerToken: string): ItemKey => ({
    pk: `${s(scope)}#${customerToken}`,
    sk: 'CUSTOMER',
  }),
  /** A customer's cards live in the customer's partition, so deleting a customer finds them all. */
  customerCard: (scope: Scope, customerToken: string, cardToken: string): ItemKey => ({
    pk: `${s(scope)}#${customerToken}`,
    sk: `CARD#${cardToken}`,
  }),
  customerCardPrefix: 'CARD#',
  /**
   * Which customer a stored card belongs to, keyed by the card token alone: a payment naming the
   * card by its token finds the customer's card through it. Written and removed with the card.
   */
  cardOwner: (scope: Scope, cardToken: string): ItemKey => ({ pk: `${s(scope)}#${cardToken}`, sk: 'OWNER' }),
  event: (scope: Scope, eventToken: string): ItemKey => ({ pk: `${s(scope)}#${eventToken}`, sk: 'EVENT' }),
  /**
   * An event whose fan-out is not done, in the due partition of its token's shard (`duePartition`)
   * before every due item (`!` sorts before the digits of a time), named by the event alone: the
   * scheduler's one Query of the partition reads it, and the markers of a busy second land all
   * over the range, not at one end of it (decision 212).
   */
  fanOutMarker: (scope: Scope, eventToken: string, duePartition: string): ItemKey => ({
    pk: duePartition,
    sk: `${fanOutMarkerPrefix}${s(scope)}#${eventToken}`,
  }),
  /** Where a marker was before migration 4: its own partitions, in the event's time order. */
  fanOutMarkerBefore: (scope: Scope, eventToken: string, createdAt: string, shard: number): ItemKey => ({
    pk: `FANOUT#${shard}`,
    sk: `${createdAt}#${s(scope)}#${eventToken}`,
  }),
  webhookEndpoint: (scope: Scope, endpointToken: string): ItemKey => ({
    pk: `${s(scope)}#${endpointToken}`,
    sk: 'WEBHOOK_ENDPOINT',
  }),
  /**
   * One of an endpoint's liveness shards (decision 212): there while the endpoint takes webhooks,
   * deleted all together when its deletion starts. A webhook's transaction checks the one its
   * event's token picks, so no one item takes a check per event.
   */
  endpointLiveShard: (scope: Scope, endpointToken: string, shard: number): ItemKey => ({
    pk: `${s(scope)}#${endpointToken}#LIVE`,
    sk: String(shard),
  }),
  /**
   * An endpoint's webhook of one event, in the endpoint's partition: created once per (event,
   * endpoint), and how deleting an endpoint finds all its webhooks.
   */
  endpointWebhook: (scope: Scope, endpointToken: string, eventToken: string): ItemKey => ({
    pk: `${s(scope)}#${endpointToken}`,
    sk: `WEBHOOK#${eventToken}`,
  }),
  endpointWebhookPrefix: 'WEBHOOK#',
  webhook: (scope: Scope, webhookToken: string): ItemKey => ({
    pk: `${s(scope)}#${webhookToken}`,
    sk: 'WEBHOOK',
  }),
  /** A charge or an authorisation. */
  payment: (scope: Scope, token: string): ItemKey => ({ pk: `${s(scope)}#${token}`, sk: 'PAYMENT' }),
  /** The authorisation lease of an authorised payment: capture or void uses it up, once. */
  paymentLease: (scope: Scope, token: string): ItemKey => ({ pk: `${s(scope)}#${token}`, sk: 'LEASE' }),
  refund: (scope: Scope, token: string): ItemKey => ({ pk: `${s(scope)}#${token}`, sk: 'REFUND' }),
  transfer: (scope: Scope, token: string): ItemKey => ({ pk: `${s(scope)}#${token}`, sk: 'TRANSFER' }),
  deposit: (scope: Scope, token: string): ItemKey => ({ pk: `${s(scope)}#${token}`, sk: 'DEPOSIT' }),
  dispute: (scope: Scope, token: string): ItemKey => ({ pk: `${s(scope)}#${token}`, sk: 'DISPUTE' }),
  /** A transfer's line items in its partition, numbered from 1: page N is one key range. */
  transferLineItem: (scope: Scope, transferToken: string, index: number): ItemKey => ({
    pk: `${s(scope)}#${transferToken}`,
    sk: `LINE#${String(index).padStart(8, '0')}`,
  }),
  plan: (scope: Scope, planToken: string): ItemKey => ({ pk: `${s(scope)}#${planToken}`, sk: 'PLAN' }),
  /** A plan name held by one plan: names are unique per merchant, and racing creations find it. */
  planName: (scope: Scope, name: string): ItemKey => ({
    pk: `${s(scope)}#PLAN_NAME#${name}`,
    sk: 'PLAN_NAME',
  }),
  subscription: (scope: Scope, token: string): ItemKey => ({
    pk: `${s(scope)}#${token}`,
    sk: 'SUBSCRIPTION',
  }),
  /**
   * A renewal's bill under way, beside its subscription: its sort key begins with the
   * subscription's, so one Query reads both.
   */
  subscriptionBill: (scope: Scope, token: string): ItemKey => ({
    pk: `${s(scope)}#${token}`,
    sk: 'SUBSCRIPTION#BILL',
  }),
  /** A subscription's ledger entry of one bill attempt, in the subscription's partition. */
  ledgerEntry: (scope: Scope, subscriptionToken: string, attempt: number): ItemKey => ({
    pk: `${s(scope)}#${subscriptionToken}`,
    sk: `LEDGER#${String(attempt).padStart(8, '0')}`,
  }),
  ledgerEntryPrefix: 'LEDGER#',
  /** An uploaded file's metadata (its bytes are in the file store under the same scope and token). */
  file: (scope: Scope, fileToken: string): ItemKey => ({ pk: `${s(scope)}#${fileToken}`, sk: 'FILE' }),
  applePayDomain: (scope: Scope, token: string): ItemKey => ({
    pk: `${s(scope)}#${token}`,
    sk: 'APPLE_PAY_DOMAIN',
  }),
  /** A domain name held by one Apple Pay domain: unique per merchant, and how host_check finds it. */
  applePayDomainName: (scope: Scope, domainName: string): ItemKey => ({
    pk: `${s(scope)}#APPLE_PAY_DOMAIN_NAME#${domainName}`,
    sk: 'APPLE_PAY_DOMAIN_NAME',
  }),
  /** A 3-D Secure session, found from its token alone (the payer's browser carries no key). */
  threeDSecureSession: (sessionToken: string): ItemKey => ({ pk: `SESSION#${sessionToken}`, sk: 'SESSION' }),
  /** A subscription's self-service link, found from its token alone (the customer carries no key). */
  selfServiceLink: (linkHash: string): ItemKey => ({ pk: `SELFSERVICE#${linkHash}`, sk: 'SELFSERVICE' }),
  /** Which of a subscription's self-service links is its newest (the only one that works), beside it. */
  newestSelfServiceLink: (scope: Scope, subscriptionToken: string): ItemKey => ({
    pk: `${s(scope)}#${subscriptionToken}`,
    sk: 'SELFSERVICE_NEWEST',
  }),
  idempotency: (scope: Scope, keyHash: string): ItemKey => ({
    pk: `${s(scope)}#IDEMPOTENCY#${keyHash}`,
    sk: 'IDEMPOTENCY',
  }),
  counterShard: (listKey: string, shard: number): ItemKey => ({ pk: `COUNTER#${listKey}`, sk: `${shard}` }),
  /**
   * That the expiry of the item `<scope>#<token>` was taken out of its list's count, in the gone
   * item's partition: a retried stream batch finds it and does not count the expiry twice.
   */
  expiryMark: (scope: Scope, token: string): ItemKey => ({
    pk: `${s(scope)}#${token}`,
    sk: 'EXPIRY_COUNTED',
  }),
  /**
   * A notification of an environment's processor, by the processor's name and the notification's
   * id (which the processor's resends keep): it arrives before anything tells whose it is.
   */
  processorNotification: (environment: Environment, processor: string, id: string): ItemKey => ({
    pk: `NOTIFICATION#${environment}#${processor}#${id}`,
    sk: 'NOTIFICATION',
  }),
} as const;

/** The scope and token of a resource's partition key (`<accountId>#<environment>#<token>`). */
export const scopedTokenOf = (pk: string): { scope: Scope; token: string } | null => {
  const [accountId, environment, token, ...rest] = pk.split('#');
  if (!accountId || !token || rest.length > 0 || !environments.includes(environment as Environment))
    return null;
  return { scope: { accountId, environment: environment as Environment }, token };
};

/** List keys (a GSI partition each): what a list holds, in creation order. */
export const lists = {
  customers: (scope: Scope) => `${s(scope)}#customers`,
  customerCards: (scope: Scope, customerToken: string) => `${s(scope)}#${customerToken}#cards`,
  customerCharges: (scope: Scope, customerToken: string) => `${s(scope)}#${customerToken}#charges`,
  customerSubscriptions: (scope: Scope, customerToken: string) =>
    `${s(scope)}#${customerToken}#subscriptions`,
  events: (scope: Scope) => `${s(scope)}#events`,
  recipients: (scope: Scope) => `${s(scope)}#recipients`,
  recipientTransfers: (scope: Scope, recipientToken: string) => `${s(scope)}#${recipientToken}#transfers`,
  transfers: (scope: Scope) => `${s(scope)}#transfers`,
  deposits: (scope: Scope) => `${s(scope)}#deposits`,
  disputes: (scope: Scope) => `${s(scope)}#disputes`,
  /** The merchants a partner referred. */
  referrals: (partnerId: string) => `REFERRALS#${partnerId}`,
  webhookEndpoints: (scope: Scope) => `${s(scope)}#webhook_endpoints`,
  webhooks: (scope: Scope) => `${s(scope)}#webhooks`,
  charges: (scope: Scope) => `${s(scope)}#charges`,
  authorisations: (scope: Scope) => `${s(scope)}#authorisations`,
  refunds: (scope: Scope) => `${s(scope)}#refunds`,
  chargeRefunds: (scope: Scope, chargeToken: string) => `${s(scope)}#${chargeToken}#refunds`,
  plans: (scope: Scope) => `${s(scope)}#plans`,
  applePayDomains: (scope: Scope) => `${s(scope)}#apple_pay_domains`,
  subscriptions: (scope: Scope) => `${s(scope)}#subscriptions`,
  planSubscriptions: (scope: Scope, planToken: string) => `${s(scope)}#${planToken}#subscriptions`,
  subscriptionLedger: (scope: Scope, subscriptionToken: string) => `${s(scope)}#${subscriptionToken}#ledger`,
} as const;

/** Sort key within a list (creation time, then token): the one spelling, @wattle/ports'. */
export { listSortKey } from '@wattle/ports';
