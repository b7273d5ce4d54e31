import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Json } from './shape.ts';

/** Where a file of recordings came from (test/conformance/recordings/README.md credits each). */
export interface RecordingSource {
  repository: string;
  url: string;
  commit: string;
  licence: string;
  format: string;
  client: string;
}

/** One request to the real Pin API and its answer, as recorded. */
export interface RecordedExchange {
  /** `<session> #<n>`: unique, stable, the key of the known differences. */
  id: string;
  /** The recording's run of one test: its exchanges, in order, make each other's prerequisites. */
  session: string;
  /** The file of the source repository that holds it. */
  file: string;
  /** When Pin answered (the answer's Date header, or the transcript's). */
  recordedAt: string;
  request: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    /** The path under the API's host: `/1/charges`. */
    path: string;
    /** The query string, without `?`. */
    query?: string;
    contentType?: string;
    /** The body as the client sent it: parsed JSON, or the form's text. */
    body?: Json;
  };
  response: { status: number; body: Json };
}

export interface Recordings {
  source: RecordingSource;
  exchanges: RecordedExchange[];
}

/** Pin added fields over the years: what it answered before 2020 is informative only, not replayed. */
export const replayedFrom = 2020;

const folder = join(import.meta.dirname, 'recordings');

/** Every file of recordings, by file name. */
export const allRecordings = (): Map<string, Recordings> =>
  new Map(
    readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => [name, JSON.parse(readFileSync(join(folder, name), 'utf8')) as Recordings]),
  );

/**
 * The exchanges a suite replays (recorded in `from` or after), session after session in the order they were recorded (a list
 * then holds what the sessions before it made), each session's own in its file's order.
 */
export const replayedExchanges = (recordings: Recordings, from = replayedFrom): RecordedExchange[] => {
  const sessions = new Map<string, RecordedExchange[]>();
  for (const exchange of recordings.exchanges) {
    if (Number(exchange.recordedAt.slice(0, 4)) < from) continue;
    sessions.set(exchange.session, [...(sessions.get(exchange.session) ?? []), exchange]);
  }
  const first = (list: RecordedExchange[]) => list.map((exchange) => exchange.recordedAt).sort()[0] ?? '';
  return [...sessions.values()]
    .sort(
      (a, b) => first(a).localeCompare(first(b)) || (a[0]?.session ?? '').localeCompare(b[0]?.session ?? ''),
    )
    .flat();
};
