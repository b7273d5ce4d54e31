/**
 * The exhaustive crash and fault loops (every write, every call) run whole in
 * `npm run test:reliability` (WATTLE_RELIABILITY=1), which includes their files; `npm test` runs a
 * sample of the same points, spread from the first to the last, so a regression at a typical point
 * still fails the fast suite.
 */
export const exhaustive = process.env.WATTLE_RELIABILITY === '1';

/** All of `points` in the reliability runs; otherwise at most `size` of them, first and last included. */
export const crashPoints = <T>(points: readonly T[], size: number): T[] => {
  if (exhaustive || points.length <= size) return [...points];
  if (size <= 1) return points.slice(0, 1);
  const picked = new Set<number>();
  for (let i = 0; i < size; i++) picked.add(Math.round((i * (points.length - 1)) / (size - 1)));
  return [...picked].map((index) => points[index] as T);
};
