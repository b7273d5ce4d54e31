/**
 * How long an Idempotency-Key and its response are kept (a day; expiry is checked on read as
 * well). A payment named by a key is a retry's only within it.
 */
export const idempotencyKeyRetentionSeconds = 24 * 60 * 60;
