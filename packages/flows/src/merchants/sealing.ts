/**
 * What a referred merchant's sealed secrets are bound to (the Cipher's context), so a sealed
 * value cannot be moved to another merchant.
 */
export const merchantKeysContext = (merchantToken: string): string => `merchant-keys#${merchantToken}`;

export const merchantBankAccountContext = (merchantToken: string): string =>
  `merchant-bank-account#${merchantToken}`;
