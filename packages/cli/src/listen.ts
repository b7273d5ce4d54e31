import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pinSignatureHeader, pinSignatureOf } from '@wattle/verify-webhook';
import type { ApiClient } from './api-client.ts';
import { type FollowOptions, followEvents, type PinEvent } from './follow-events.ts';

/** A forwarded request gets as long as a webhook does. */
const forwardTimeoutMs = 10_000;

/**
 * The key `listen` signs with: `--signing-key`, else the one kept in `<dataDir>/listen-key` (made on
 * first use, 0600), so an app configured with it keeps verifying across runs.
 */
export const listenSigningKey = async (dataDir: string, given: string | null): Promise<string> => {
  if (given) return given;
  const file = join(dataDir, 'listen-key');
  try {
    const kept = (await readFile(file, 'utf8')).trim();
    if (kept) return kept;
  } catch {
    // None yet: made below.
  }
  const key = `whsk_${randomBytes(24).toString('hex')}`;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await writeFile(file, `${key}\n`, { mode: 0o600 });
  return key;
};

export interface Delivery {
  event: PinEvent;
  /** The HTTP status, or the error that kept the request from being answered. */
  outcome: { status: number } | { error: string };
  ms: number;
}

/**
 * Sends one event to `url` as a webhook is sent: the event JSON as the body (what GET
 * /1/events/{token} shows) and a `Pin-Signature: t=…,v1=…` made with the verify package.
 */
export const forwardEvent = async (url: string, key: string, event: PinEvent): Promise<Delivery> => {
  const body = JSON.stringify(event);
  const t = String(Math.floor(Date.now() / 1000));
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Wattle-CLI-Listen/1.0',
        [pinSignatureHeader]: `t=${t},v1=${pinSignatureOf(key, t, body)}`,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(forwardTimeoutMs),
    });
    await response.body?.cancel();
    return { event, outcome: { status: response.status }, ms: Math.round(performance.now() - started) };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const message =
      (error as Error).name === 'TimeoutError' ? 'timeout' : (cause ?? (error as Error).message);
    return { event, outcome: { error: message }, ms: Math.round(performance.now() - started) };
  }
};

/** `charge.captured  evt_…  → 200  12ms` */
export const deliveryLine = ({ event, outcome, ms }: Delivery): string =>
  `${event.type}  ${event.token}  → ${'status' in outcome ? outcome.status : outcome.error}  ${ms}ms`;

export interface ListenOptions {
  forwardTo: string;
  key: string;
  json: boolean;
  signal: AbortSignal;
  print: (line: string) => void;
  /** Where events come from and how that is said (followEvents). */
  follow: Pick<FollowOptions, 'localOrigin' | 'note'>;
}

/**
 * Forwards every new event of the account to `forwardTo`, one at a time in the order they
 * happened, printing a line per delivery, until `signal` aborts. It registers nothing on the
 * account (it reads events as any client does), so stopping leaves nothing behind; a failed
 * delivery is reported, not retried (the stack's own webhooks retry).
 */
export const listen = (client: ApiClient, options: ListenOptions): Promise<void> =>
  followEvents(
    client,
    async (event) => {
      const delivery = await forwardEvent(options.forwardTo, options.key, event);
      options.print(
        options.json
          ? JSON.stringify({ type: event.type, token: event.token, ...delivery.outcome, ms: delivery.ms })
          : deliveryLine(delivery),
      );
    },
    { ...options.follow, signal: options.signal },
  );
