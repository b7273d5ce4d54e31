/**
 * What a processor is told our payment or refund is called (Adyen's `merchantReference`): its token,
 * then the account it belongs to. A notification names it back, so it leads to the payment without
 * a look-up: the environment is the one whose processor sent it, and the account is in the reference.
 * Tokens hold no `.` (`<prefix>_` and 22 URL-safe characters), so the first one ends the token.
 */
export const processorReferenceOf = (accountId: string, token: string): string => `${token}.${accountId}`;

/** The token and account a processor's reference names; null for a reference we never gave. */
export const referencedBy = (reference: string): { token: string; accountId: string } | null => {
  const dot = reference.indexOf('.');
  if (dot <= 0 || dot === reference.length - 1) return null;
  return { token: reference.slice(0, dot), accountId: reference.slice(dot + 1) };
};
