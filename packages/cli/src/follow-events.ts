import { createParser } from 'eventsource-parser';
import { type ApiClient, loopbackUrl } from './api-client.ts';
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

/** Pages read per catch-up at most: a burst longer than this between two reads is cut. */
const maxPagesPerPoll = 20;
/** Tokens remembered; newer events than any of them are what a read looks for. */
const rememberedTokens = 5000;
/** Polling a deployed stage: every second while events come, twice as long after each quiet poll, to this. */
const maxPollIntervalMs = 15_000;
/** The local stack's stream, gone (a restart): read again after this, then twice as long each time, to this. */
const reconnectMs = 1000;
const maxReconnectMs = 10_000;

export interface FollowOptions {
  /** Also deliver the events already there (newest page only) instead of only new ones. */
  fromNewestPage?: boolean;
  /**
   * The running local stack's origin: its events stream (`GET /_local/events/stream`) pushes each
   * new event, so nothing is asked while nothing happens. Null for a deployed stage: polled.
   */
  localOrigin: string | null;
  /** The first interval between polls (a deployed stage), in ms. */
  intervalMs?: number;
  maxIntervalMs?: number;
  /** A line about how the events are followed, for the errors stream (said once). */
  note: (line: string) => void;
  signal: AbortSignal;
}

/** What the local stack's stream yields: that it follows the account now, then each new event. */
type Pushed = { following: true } | { event: PinEvent };

/**
 * The local stack's events stream for `client`'s key, as it comes; null when this stack has none
 * (an older one: 404). Ends when the stream does (the stack stopped) or `signal` aborts.
 */
async function* localStream(
  origin: string,
  client: ApiClient,
  signal: AbortSignal,
): AsyncGenerator<Pushed, 'none' | 'ended'> {
  const response = await fetch(loopbackUrl(`${origin}/_local/events/stream`), {
    headers: {
      accept: 'text/event-stream',
      authorization: `Basic ${Buffer.from(`${client.key}:`).toString('base64')}`,
    },
    signal,
  });
  if (response.status === 404) return 'none';
  if (!response.ok || !response.body)
    throw new Error(`The local stack's events stream answered ${response.status}: ${await response.text()}`);
  const parsed: Pushed[] = [];
  const parser = createParser({
    onComment: (comment) => {
      if (comment.trim() === 'following') parsed.push({ following: true });
    },
    onEvent: (message) => {
      if (message.event === 'event') parsed.push({ event: JSON.parse(message.data) as PinEvent });
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    yield* parsed.splice(0);
  }
  return 'ended';
}

const isAbort = (error: unknown, signal: AbortSignal): boolean =>
  signal.aborted || (error as Error).name === 'AbortError';

/**
 * Hands each event of `client`'s account not seen before to `onEvent`, oldest first, one at a
 * time, until `signal` aborts. On the local stack (`localOrigin`) the events are pushed: the
 * newest page is read once the stream follows, then nothing is asked until an event comes. A
 * deployed stage pushes nothing: GET /1/events is polled, every second while events come and less
 * often (to every 15 s) while none do, and `note` says so once. A read goes further than the first
 * page only while a whole page is new.
 */
export const followEvents = async (
  client: ApiClient,
  onEvent: (event: PinEvent) => Promise<void> | void,
  options: FollowOptions,
): Promise<void> => {
  const { signal } = options;
  const seen = new Set<string>();
  const remember = (token: string) => {
    seen.add(token);
    if (seen.size > rememberedTokens) seen.delete(seen.values().next().value as string);
  };
  const read = async (maxPages: number): Promise<PinEvent[]> => {
    const fresh: PinEvent[] = [];
    for (let page = 1; page <= maxPages; page++) {
      const answer = (await client.call('GET', `/1/events?page=${page}`)) as EventsPage;
      const unseen = answer.response.filter((event) => !seen.has(event.token));
      fresh.push(...unseen);
      if (unseen.length < answer.response.length || !answer.pagination?.next) break;
    }
    return fresh.reverse();
  };
  let started = false;
  /** What a read found: the first read's only when asked for (it tells new events from old). */
  const take = async (events: PinEvent[]) => {
    const deliver = started || options.fromNewestPage === true;
    started = true;
    for (const event of events) {
      if (seen.has(event.token)) continue;
      remember(event.token);
      if (deliver) await onEvent(event);
      if (signal.aborted) return;
    }
  };

  if (options.localOrigin) {
    let waitMs = reconnectMs;
    while (!signal.aborted) {
      try {
        const stream = localStream(options.localOrigin, client, signal);
        let next = await stream.next();
        for (; !next.done; next = await stream.next()) {
          // Following: what happened before (or while the stream was away) is read once.
          if ('following' in next.value) await take(await read(started ? maxPagesPerPoll : 1));
          else await take([next.value.event]);
          waitMs = reconnectMs;
        }
        // A local stack without the stream (an older one): polled as a deployed one is.
        if (next.value === 'none') break;
      } catch (error) {
        if (isAbort(error, signal)) return;
        // The stack stopped or restarts: read again when it is back.
        if (!started) throw error;
      }
      await pause(waitMs, signal);
      waitMs = Math.min(waitMs * 2, maxReconnectMs);
    }
    if (signal.aborted) return;
  }

  const firstMs = options.intervalMs ?? 1000;
  const maxMs = options.maxIntervalMs ?? maxPollIntervalMs;
  options.note(
    `Polling ${client.baseUrl}/1/events (this stack pushes no events): every ${firstMs / 1000} s while events come, up to every ${maxMs / 1000} s while none do`,
  );
  let intervalMs = firstMs;
  await take(await read(1));
  while (!signal.aborted) {
    await pause(intervalMs, signal);
    if (signal.aborted) break;
    const fresh = await read(maxPagesPerPoll);
    intervalMs = fresh.length > 0 ? firstMs : Math.min(intervalMs * 2, maxMs);
    await take(fresh);
  }
};
