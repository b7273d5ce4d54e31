import { closest, distance } from 'fastest-levenshtein';

/**
 * ` Did you mean charge.captured?` when `given` is a likely slip for one of `known` (a couple of
 * letters off, more for a long word); an empty string when nothing is that close.
 */
export const didYouMean = (given: string, known: readonly string[]): string => {
  if (!given || known.length === 0) return '';
  const nearest = closest(given, [...known]);
  return distance(given, nearest) <= Math.max(2, Math.floor(given.length / 4))
    ? ` Did you mean ${nearest}?`
    : '';
};
