import type { Environment } from '@wattle/domain';

/**
 * A schema that depends on `now` only through a card's expiry check (the UTC year and month), and
 * on the environment only through a card number's text (notACardNumber), built once per month and
 * environment rather than on every request: building a card schema's pipes costs more than
 * validating a body with it. Keeps each environment's last month's schema only (requests come in
 * time order, and tests that move the clock back get a fresh one). Valibot schemas hold no state,
 * so one schema serves every request of the month.
 */
export const byExpiryMonth = <T>(
  build: (now: Date, environment: Environment) => T,
): ((now: Date, environment: Environment) => T) => {
  const built = new Map<Environment, { month: number; schema: T }>();
  return (now, environment) => {
    const month = now.getUTCFullYear() * 12 + now.getUTCMonth();
    let kept = built.get(environment);
    if (kept?.month !== month) {
      kept = { month, schema: build(now, environment) };
      built.set(environment, kept);
    }
    return kept.schema;
  };
};
