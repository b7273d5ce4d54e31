import type { ApiClient } from './api-client.ts';
import { pause } from './pause.ts';

/** An event as GET /1/events answers it. */
export interface PinEvent {
  token: string;
  type: string;
  data: Record<string, unknown>;
  created_at: string;
}

interface EventsPage {
  response: PinEvent[];
  pagination?: { next?: number | null };
}

/** Pages read per poll at most: a burst longer than this between two polls is cut. */
const maxPagesPerPoll = 20;
/** Tokens remembered; newer events than any of them are what a poll looks for. */
const rememberedTokens = 5000;

export interface FollowOptions {
  /** Also deliver the events already there (newest page only) instead of only new ones. */
  fromNewestPage?: boolean;
  intervalMs?: number;
  signal: AbortSignal;
}

/**
 * Polls GET /1/events (newest first) and hands each event not seen before to `onEvent`, oldest
 * first, one at a time, until `signal` aborts. A poll reads further pages only while a whole page is
 * new, so a quiet account costs one request per interval. The API is the only source: this works
 * against the local stack and a deployed one alike.
 */
export const followEvents = async (
  client: ApiClient,
  onEvent: (event: PinEvent) => Promise<void> | void,
  options: FollowOptions,
): Promise<void> => {
  const seen = new Set<string>();
  const remember = (token: string) => {
    seen.add(token);
    if (seen.size > rememberedTokens) seen.delete(seen.values().next().value as string);
  };
  const poll = async (maxPages: number): Promise<PinEvent[]> => {
    const fresh: PinEvent[] = [];
    for (let page = 1; page <= maxPages; page++) {
      const answer = (await client.call('GET', `/1/events?page=${page}`)) as EventsPage;
      const unseen = answer.response.filter((event) => !seen.has(event.token));
      fresh.push(...unseen);
      if (unseen.length < answer.response.length || !answer.pagination?.next) break;
    }
    return fresh.reverse();
  };
  // What is there already: its newest page is enough to tell new events from old.
  const first = await poll(1);
  if (options.fromNewestPage) for (const event of first) await onEvent(event);
  for (const event of first) remember(event.token);
  while (!options.signal.aborted) {
    await pause(options.intervalMs ?? 1000, options.signal);
    if (options.signal.aborted) break;
    for (const event of await poll(maxPagesPerPoll)) {
      remember(event.token);
      await onEvent(event);
      if (options.signal.aborted) break;
    }
  }
};
