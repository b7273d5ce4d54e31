const unitSeconds: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/**
 * Seconds in a duration as the clock command takes it: numbers with units s, m, h or d, one or
 * more (`5d`, `1h30m`, `90s`); a bare number is seconds. Null when it is not one, or not positive.
 */
export const parseDuration = (text: string): number | null => {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) > 0 ? Number(trimmed) : null;
  if (!/^(\d+[smhd])+$/.test(trimmed)) return null;
  let seconds = 0;
  for (const [, amount, unit] of trimmed.matchAll(/(\d+)([smhd])/g))
    seconds += Number(amount) * unitSeconds[unit!]!;
  return seconds > 0 ? seconds : null;
};
