import type { ApiClient } from './api-client.ts';
import { type FollowOptions, followEvents, type PinEvent } from './follow-events.ts';

export interface TailOptions {
  json: boolean;
  /** Only events of these types (all when empty). */
  types: string[];
  signal: AbortSignal;
  print: (line: string) => void;
  /** Where events come from and how that is said (followEvents). */
  follow: Pick<FollowOptions, 'localOrigin' | 'note'>;
}

/** `created_at  type  token  (about ch_…)` */
export const eventLine = (event: PinEvent): string => {
  const about = typeof event.data?.token === 'string' ? `  ${event.data.token}` : '';
  return `${event.created_at}  ${event.type}  ${event.token}${about}`;
};

/** Prints the newest page of events, then each new one as it happens, until `signal` aborts. */
export const tailEvents = (client: ApiClient, options: TailOptions): Promise<void> =>
  followEvents(
    client,
    (event) => {
      if (options.types.length && !options.types.includes(event.type)) return;
      options.print(options.json ? JSON.stringify(event) : eventLine(event));
    },
    { ...options.follow, fromNewestPage: true, signal: options.signal },
  );
