/**
 * A schema that depends on `now` only through a card's expiry check (the UTC year and month),
 * built once per month rather than on every request: building a card schema's pipes costs more
 * than validating a body with it. Keeps the last month's schema only (requests come in time order,
 * and tests that move the clock back get a fresh one). Valibot schemas hold no state, so one
 * schema serves every request of the month.
 */
export const byExpiryMonth = <T>(build: (now: Date) => T): ((now: Date) => T) => {
  let built: { month: number; schema: T } | undefined;
  return (now) => {
    const month = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (built?.month !== month) built = { month, schema: build(now) };
    return built.schema;
  };
};
