/** A plan's subscriptions grow with the merchant: their list count is kept in this many shards. */
export const planSubscriptionShards = 4;
