/**
 * Currencies Wattle charges in, with the minimum amount of each in its base unit
 * (docs/api/cookbook/charges.md). Amounts are integers in the base unit (cents; whole yen).
 */
export const currencyMinimums: Record<string, number> = {
  AUD: 100,
  USD: 100,
  NZD: 100,
  SGD: 100,
  EUR: 100,
  GBP: 50,
  CAD: 100,
  HKD: 1000,
  JPY: 100,
  MYR: 300,
  THB: 2000,
  PHP: 3000,
  ZAR: 1000,
  IDR: 1000000,
  TWD: 2500,
};

export const defaultCurrency = 'AUD';

export const isSupportedCurrency = (code: string): boolean => code in currencyMinimums;

export const minimumAmount = (currency: string): number => currencyMinimums[currency] ?? 100;

/** The largest single charge of an account unless its settings say otherwise (maximum_charge_cents). */
export const defaultMaximumCharge = 600_000;

/** Whether `amount` may be charged in `currency` on its own: at least the currency's minimum. */
export const isAtLeastMinimum = (amount: number, currency: string): boolean =>
  amount >= minimumAmount(currency);

/** Whether `amount` is within the largest single charge. */
export const isWithinMaximum = (amount: number): boolean => amount <= defaultMaximumCharge;
