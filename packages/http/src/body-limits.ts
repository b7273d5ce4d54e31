/** Limits on what a request may carry; past them the request is refused with a 4xx. */
export const bodyLimits = {
  /** Bytes of a request body. */
  maxBodyBytes: 100 * 1024,
  /** Nesting depth of brackets or JSON objects (card[number] is depth 1). */
  maxDepth: 5,
  /** Parameters in one body or query string. */
  maxParameters: 1000,
  /** Items of one array (customer_permissions[]). */
  maxArrayItems: 100,
} as const;

/** Keys that could reach an object's prototype; dropped wherever they appear. */
export const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);
