import { firstSegment, normalisePath } from '@wattle/routes';

/**
 * The description of Pin's 404 for an API path without the stage in front (`/1/charges`, which is
 * how the paths of Pin's test host read): it names the two places the API is, so the fix is in the
 * answer. Null for any other path.
 */
export const stagelessPathProblem = (rawPath: string): string | null => {
  if (firstSegment(rawPath) !== '1') return null;
  const path = normalisePath(rawPath);
  return `${path} has no stage: the API is under /test/1/… (test keys) and /live/1/… (live keys), e.g. /test${path}`;
};
