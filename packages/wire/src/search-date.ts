/**
 * The dates a search takes (start_date, end_date), in the forms Pin's backend parses and its
 * client libraries send: `2011/03/25`, `2011-03-25`, ISO 8601 timestamps (`2011-03-25T10:00:00Z`,
 * `2011-03-25 10:00:00 +1000`), and written dates (`Mar 25, 2011`, `25 March 2011`,
 * `March 25th 2011`). A date alone is midnight UTC; a timestamp without a zone is UTC. Anything
 * else, or a day that does not exist (month 13, 31 February), is null.
 */
export const parseSearchDate = (input: string): Date | null => {
  const text = input.trim().replace(/\s+/g, ' ');
  return dateOnly(text) ?? timestamp(text) ?? written(text);
};

interface Moment {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
  millisecond?: number;
  offsetMinutes?: number;
}

const dateOnly = (text: string): Date | null => {
  const found = /^(\d{4})([/-])(\d{1,2})\2(\d{1,2})$/.exec(text);
  return found ? instant({ year: Number(found[1]), month: Number(found[3]), day: Number(found[4]) }) : null;
};

const timestamp = (text: string): Date | null => {
  const found =
    /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)? ?(Z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(
      text,
    );
  if (!found) return null;
  const offsetMinutes = offsetOf(found[8]);
  if (offsetMinutes === null) return null;
  return instant({
    year: Number(found[1]),
    month: Number(found[2]),
    day: Number(found[3]),
    hour: Number(found[4]),
    minute: Number(found[5]),
    second: Number(found[6] ?? 0),
    millisecond: Number((found[7] ?? '0').padEnd(3, '0').slice(0, 3)),
    offsetMinutes,
  });
};

/** `Z`, `+10:00`, `+1000` or `-05` as minutes east of UTC; no zone is UTC. */
const offsetOf = (zone: string | undefined): number | null => {
  if (zone === undefined || zone.toUpperCase() === 'Z') return 0;
  const hours = Number(zone.slice(1, 3));
  const minutes = Number(zone.slice(3).replace(':', '') || 0);
  if (hours > 23 || minutes > 59) return null;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
};

const written = (text: string): Date | null => {
  const monthFirst = /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/i.exec(text);
  if (monthFirst) return named(monthFirst[1]!, monthFirst[2]!, monthFirst[3]!);
  const dayFirst = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]+)\.?,? (\d{4})$/i.exec(text);
  return dayFirst ? named(dayFirst[2]!, dayFirst[1]!, dayFirst[3]!) : null;
};

const monthNames = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

/** A month by its name or its first three letters ("sept" too), in any case. */
const monthNumber = (name: string): number | null => {
  const word = name.toLowerCase();
  const index = monthNames.findIndex(
    (month) => word === month || word === month.slice(0, 3) || (word === 'sept' && month === 'september'),
  );
  return index === -1 ? null : index + 1;
};

const named = (monthName: string, day: string, year: string): Date | null => {
  const month = monthNumber(monthName);
  return month === null ? null : instant({ year: Number(year), month, day: Number(day) });
};

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const daysIn = (year: number, month: number): number =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** The moment, or null when a part is out of range (no rolling 31 February over into March). */
const instant = (moment: Moment): Date | null => {
  const { year, month, day, hour = 0, minute = 0, second = 0, millisecond = 0, offsetMinutes = 0 } = moment;
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute - offsetMinutes, second, millisecond);
  return date;
};
