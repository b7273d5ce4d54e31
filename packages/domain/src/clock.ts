/** Where every piece of code gets the time from. AWS uses the system clock; the local stack's can be moved. */
export interface Clock {
  now(): Date;
}

/** Pin's wire format for timestamps: ISO 8601 in UTC, whole seconds, trailing Z. */
export const toTimestamp = (at: Date): string => `${at.toISOString().slice(0, 19)}Z`;

/** Seconds since the epoch, as DynamoDB's TTL attribute wants them. */
export const toEpochSeconds = (at: Date): number => Math.floor(at.getTime() / 1000);

/** The same day of the month `months` later, clamped at the end of a shorter month (31 Jan + 1 = 28/29 Feb). */
export const addMonths = (at: Date, months: number): Date => {
  const target = new Date(at.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
};
