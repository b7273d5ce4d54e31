/** The local stack's control endpoints (`/_local/...`): the clock, new accounts, approvals. */
import { loopbackUrl } from './api-client.ts';

/** POSTs `body` as JSON to `/_local${path}` and answers the parsed JSON; an Error otherwise. */
export const postLocal = async (origin: string, path: string, body: Record<string, unknown> = {}) => {
  const response = await fetch(loopbackUrl(`${origin}/_local${path}`), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`The local stack answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as unknown;
};

/** GETs `/_local${path}` and answers the parsed JSON; an Error otherwise. */
export const getLocal = async (origin: string, path: string): Promise<unknown> => {
  const response = await fetch(loopbackUrl(`${origin}/_local${path}`));
  if (!response.ok) throw new Error(`The local stack answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as unknown;
};

/** What the clock advance answers: the new time and what the scheduler ran. */
export interface ClockAdvanced {
  now: string;
  /** Absent when the scheduler itself failed. */
  scheduler?: { done: number; failed: number; doneByKind: Record<string, number> };
}

export const advanceClock = async (origin: string, seconds: number): Promise<ClockAdvanced> =>
  (await postLocal(origin, '/clock/advance', { seconds })) as ClockAdvanced;

export const clockNow = async (origin: string): Promise<string> =>
  ((await getLocal(origin, '/clock')) as { now: string }).now;
