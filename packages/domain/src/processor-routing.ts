import type { Card } from './card.ts';
import type { Payment } from './payment.ts';
import type { AuthorisationOutcome } from './payment-processor.ts';

/**
 * One routing rule of a merchant: what a payment must be for the rule to apply (each condition
 * absent matches every payment), and the processor accounts to try for it, in order.
 */
export interface RoutingRule {
  /** ISO 4217 codes, upper case (`AUD`). */
  currencies?: string[];
  /** Pin's scheme names (`visa`, `master`, `amex`...). */
  schemes?: string[];
  /** ISO 3166 alpha-2 codes (`AU`): a rule with them never matches a card whose country is unknown. */
  issuingCountries?: string[];
  /** The least amount, in the currency's minor units, inclusive. */
  minAmount?: number;
  /** The greatest amount, in minor units, inclusive. */
  maxAmount?: number;
  /** Whether the merchant asked for 3-D Secure (Pin's `three_d_secure` with `enabled`, or passed through). */
  threeDSecure?: boolean;
  /** The accounts to try, in order: the next only after the one before did nothing (failoverOf). */
  accounts: string[];
}

/** A merchant's routing: its rules, the first that matches a payment decides its accounts. */
export interface ProcessorRouting {
  rules: RoutingRule[];
}

/** What routing looks at in a payment being made. */
export interface RoutedPayment {
  amount: number;
  currency: string;
  card: Pick<Card, 'scheme' | 'issuingCountry'>;
  /** Whether 3-D Secure was asked for (run by Wattle, or passed through by the merchant). */
  threeDSecure: boolean;
}

const countryKnown = (country: string): boolean => /^[A-Z]{2}$/.test(country);

/** Whether `rule`'s conditions all hold for `payment`. */
export const ruleMatches = (rule: RoutingRule, payment: RoutedPayment): boolean =>
  (!rule.currencies || rule.currencies.includes(payment.currency.toUpperCase())) &&
  (!rule.schemes || rule.schemes.includes(payment.card.scheme)) &&
  (!rule.issuingCountries ||
    (countryKnown(payment.card.issuingCountry) &&
      rule.issuingCountries.includes(payment.card.issuingCountry))) &&
  (rule.minAmount === undefined || payment.amount >= rule.minAmount) &&
  (rule.maxAmount === undefined || payment.amount <= rule.maxAmount) &&
  (rule.threeDSecure === undefined || rule.threeDSecure === payment.threeDSecure);

/**
 * The accounts a new payment is tried on, in order: the first matching rule's; null with no
 * routing or no rule matching (the payment goes to the deployment's live default).
 */
export const routeOf = (
  routing: ProcessorRouting | null | undefined,
  payment: RoutedPayment,
): string[] | null => {
  const rule = routing?.rules.find((candidate) => ruleMatches(candidate, payment));
  return rule ? [...rule.accounts] : null;
};

/** The payment's first attempt, on the first account of `route`, recorded with its reservation. */
export const routedReservation = (payment: Payment, route: readonly string[], now: Date): Payment => ({
  ...payment,
  processorAccount: route[0]!,
  route: [...route],
  attempts: [{ account: route[0]!, startedAt: now.toISOString() }],
});

/** The payment with its current attempt's outcome (a payment reserved before attempts were kept: unchanged). */
export const withAttemptOutcome = (
  payment: Payment,
  outcome: AuthorisationOutcome['outcome'],
  now: Date,
): Payment => {
  const attempts = payment.attempts;
  if (!attempts?.length) return payment;
  const current = attempts.at(-1)!;
  return {
    ...payment,
    attempts: [...attempts.slice(0, -1), { ...current, outcome, endedAt: now.toISOString() }],
  };
};

/**
 * The payment moved to the next account of its route, or null when it must not be: only after a
 * `not_processed` answer (the account did nothing, or was never reached), never after a decline,
 * an unknown outcome (the payment may exist there) or an approval, and only when the route has an
 * account after the current one. The current attempt is closed as not_processed, and the next
 * one is opened (to be recorded before that account is asked).
 */
export const failoverOf = (payment: Payment, answer: AuthorisationOutcome, now: Date): Payment | null => {
  if (answer.outcome !== 'not_processed' || !payment.route || !payment.processorAccount) return null;
  const next = payment.route[payment.route.indexOf(payment.processorAccount) + 1];
  if (next === undefined) return null;
  const closed = withAttemptOutcome(payment, 'not_processed', now);
  return {
    ...closed,
    processorAccount: next,
    attempts: [...(closed.attempts ?? []), { account: next, startedAt: now.toISOString() }],
  };
};

/**
 * A merchant's routing as an operator or partner writes it (JSON: `rules`, each with `accounts`
 * and any of `currency`, `scheme`, `issuingCountry`, `minAmount`, `maxAmount`,
 * `threeDSecure`), checked against the deployment's accounts (`declared`): the routing, or
 * every problem found.
 */
export const processorRoutingOf = (
  value: unknown,
  declared: readonly string[],
): { routing: ProcessorRouting } | { problems: string[] } => {
  const problems: string[] = [];
  const record = (input: unknown): input is Record<string, unknown> =>
    typeof input === 'object' && input !== null && !Array.isArray(input);
  if (!record(value) || !Array.isArray(value.rules))
    return { problems: ['The routing must be a JSON object with `rules`, a list of rules'] };
  const known = new Set([
    'accounts',
    'currency',
    'scheme',
    'issuingCountry',
    'minAmount',
    'maxAmount',
    'threeDSecure',
  ]);
  const rules: RoutingRule[] = [];
  value.rules.forEach((input: unknown, index) => {
    const at = `rules[${index}]`;
    if (!record(input)) {
      problems.push(`${at} must be an object`);
      return;
    }
    for (const key of Object.keys(input))
      if (!known.has(key)) problems.push(`${at}.${key} is not a condition (${[...known].join(', ')})`);
    const texts = (key: string, pattern: RegExp, what: string, normal: (text: string) => string) => {
      const list = input[key];
      if (list === undefined) return undefined;
      const items = Array.isArray(list) ? list : [list];
      if (items.length === 0 || !items.every((item) => typeof item === 'string' && pattern.test(item))) {
        problems.push(`${at}.${key} must be ${what}, or a list of them`);
        return undefined;
      }
      return (items as string[]).map(normal);
    };
    const amount = (key: string) => {
      const given = input[key];
      if (given === undefined) return undefined;
      if (typeof given !== 'number' || !Number.isInteger(given) || given < 0) {
        problems.push(`${at}.${key} must be a whole number of the currency's minor units (cents)`);
        return undefined;
      }
      return given;
    };
    const accounts = input.accounts;
    if (
      !Array.isArray(accounts) ||
      accounts.length === 0 ||
      !accounts.every((name) => typeof name === 'string')
    ) {
      problems.push(`${at}.accounts must be a list of processor account names, in the order to try them`);
    } else {
      for (const name of accounts as string[])
        if (!declared.includes(name))
          problems.push(
            `${at}.accounts names ${name}, which is not an account of this deployment (${declared.join(', ')})`,
          );
      if (new Set(accounts).size !== accounts.length) problems.push(`${at}.accounts names an account twice`);
    }
    const currencies = texts('currency', /^[A-Za-z]{3}$/, 'a currency code (AUD)', (text) =>
      text.toUpperCase(),
    );
    const schemes = texts(
      'scheme',
      /^[a-z_]+$/,
      'a card scheme as Pin names it (visa, master, amex)',
      (text) => text,
    );
    const issuingCountries = texts(
      'issuingCountry',
      /^[A-Za-z]{2}$/,
      'a 2-letter country code (AU)',
      (text) => text.toUpperCase(),
    );
    const minAmount = amount('minAmount');
    const maxAmount = amount('maxAmount');
    if (minAmount !== undefined && maxAmount !== undefined && minAmount > maxAmount)
      problems.push(`${at}.minAmount is more than its maxAmount`);
    const threeDSecure = input.threeDSecure;
    if (threeDSecure !== undefined && typeof threeDSecure !== 'boolean')
      problems.push(`${at}.threeDSecure must be true or false`);
    rules.push({
      ...(currencies ? { currencies } : {}),
      ...(schemes ? { schemes } : {}),
      ...(issuingCountries ? { issuingCountries } : {}),
      ...(minAmount !== undefined ? { minAmount } : {}),
      ...(maxAmount !== undefined ? { maxAmount } : {}),
      ...(typeof threeDSecure === 'boolean' ? { threeDSecure } : {}),
      accounts: Array.isArray(accounts) ? (accounts as string[]) : [],
    });
  });
  return problems.length ? { problems } : { routing: { rules } };
};

/** The routing as an operator writes it (processorRoutingOf's form): what `show` prints. */
export const presentProcessorRouting = (routing: ProcessorRouting | null | undefined) => ({
  rules: (routing?.rules ?? []).map((rule) => ({
    ...(rule.currencies ? { currency: rule.currencies } : {}),
    ...(rule.schemes ? { scheme: rule.schemes } : {}),
    ...(rule.issuingCountries ? { issuingCountry: rule.issuingCountries } : {}),
    ...(rule.minAmount !== undefined ? { minAmount: rule.minAmount } : {}),
    ...(rule.maxAmount !== undefined ? { maxAmount: rule.maxAmount } : {}),
    ...(rule.threeDSecure !== undefined ? { threeDSecure: rule.threeDSecure } : {}),
    accounts: rule.accounts,
  })),
});
