import type { Clock, Ids, Secrets } from '@wattle/ports';

/** A clock that stands still until the test moves it. */
export const fixedClock = (at = '2026-11-24T10:00:00Z'): Clock & { advance(ms: number): void } => {
  let now = new Date(at);
  return {
    now: () => new Date(now.getTime()),
    advance: (ms) => {
      now = new Date(now.getTime() + ms);
    },
  };
};

/** Tokens numbered in order of creation, 22 characters after the prefix as real ones. */
export const sequentialIds = (): Ids => {
  let n = 0;
  return {
    token: (prefix) => `${prefix}_${String(++n).padStart(22, '0')}`,
    derived: (prefix, seed) => `${prefix}_${seed}`,
  };
};

export const sequentialSecrets = (): Secrets => {
  let n = 0;
  return { secret: (bytes) => `secret${++n}`.padEnd(bytes, 'x') };
};
