import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { type Environment, errorCatalogue } from '@wattle/domain';
import { basicAuthKey } from '@wattle/http';
import type { AccountsStore, ScopedEvent } from '@wattle/ports';
import { eventOfStreamRecord } from '@wattle/store';
import { parseDeliveryMessage } from '@wattle/webhooks';
import { presentEvent } from '@wattle/wire';
import type { QueueSource } from './queue-consumer.ts';

/** What the feed pushes: a new event as GET /1/events shows it, or a webhook attempt just made. */
export type FeedItem =
  | { kind: 'event'; event: ReturnType<typeof presentEvent> }
  | { kind: 'webhook_attempt'; webhook: string };

type Listener = (item: FeedItem) => void;

const scopeKey = (accountId: string, environment: Environment): string => `${accountId}#${environment}`;

/**
 * The local stack's new events and webhook attempts, handed to whoever follows an account's
 * environment (`GET /_local/events/stream`) as they happen: `listen`, `events tail`. Fed by the
 * delivery function's two queues (tapQueues), where both engines put what they see: the DynamoDB
 * engine's stream pipe and the memory engine's outbox each put every new event on the events
 * queue, and each delivery attempt asked for goes through the webhooks queue.
 */
export class EventFeed {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly streams = new Set<ServerResponse>();

  /** Starts handing `scope`'s items to `listener`; answers what stops it. */
  follow(accountId: string, environment: Environment, listener: Listener): () => void {
    const key = scopeKey(accountId, environment);
    const set = this.listeners.get(key) ?? new Set();
    set.add(listener);
    this.listeners.set(key, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  /** Whether anyone follows: an idle feed reads no message. */
  get followed(): boolean {
    return this.listeners.size > 0;
  }

  /** Ends every stream: the stack stops (its server would wait for them). */
  endStreams(): void {
    for (const res of this.streams) res.end();
    this.streams.clear();
  }

  /** A stream to end when the stack stops, until it closes. */
  keep(res: ServerResponse): void {
    this.streams.add(res);
    res.once('close', () => this.streams.delete(res));
  }

  push(accountId: string, environment: Environment, item: FeedItem): void {
    for (const listener of this.listeners.get(scopeKey(accountId, environment)) ?? []) listener(item);
  }

  /** A new event, from its events-queue message (a stream record). */
  pushEventMessage(body: string): void {
    let scoped: ScopedEvent;
    try {
      scoped = eventOfStreamRecord(body);
    } catch {
      return; // Not an event item: the delivery function says so in its own log.
    }
    this.push(scoped.scope.accountId, scoped.scope.environment, {
      kind: 'event',
      event: presentEvent(scoped.event),
    });
  }

  /** A webhook attempt just made, from its webhooks-queue message. */
  pushAttemptMessage(body: string): void {
    const request = parseDeliveryMessage(body);
    if (request)
      this.push(request.scope.accountId, request.scope.environment, {
        kind: 'webhook_attempt',
        webhook: request.webhookToken,
      });
  }
}

/**
 * The delivery function's queues, telling `feed` what goes through them: each new event as the
 * function receives it (it is in the store by then: both engines send it once written), each
 * webhook attempt once the function handled its message (the attempt is recorded by then).
 */
export const tapQueues = (
  sources: { events: QueueSource; webhooks: QueueSource },
  feed: EventFeed,
): { events: QueueSource; webhooks: QueueSource } => ({
  events: {
    receive: async (max, waitMs, signal) => {
      const messages = await sources.events.receive(max, waitMs, signal);
      if (feed.followed) for (const message of messages) feed.pushEventMessage(message.body);
      return messages;
    },
    delete: (messages) => sources.events.delete(messages),
  },
  webhooks: {
    receive: (max, waitMs, signal) => sources.webhooks.receive(max, waitMs, signal),
    delete: async (messages) => {
      await sources.webhooks.delete(messages);
      if (feed.followed) for (const message of messages) feed.pushAttemptMessage(message.body);
    },
  },
});

/** The API's own 401 (a missing, unknown or suspended key, or not a secret one), as JSON. */
const refuse = (res: ServerResponse): number => {
  const body = JSON.stringify({
    error: 'unauthenticated',
    error_description: errorCatalogue.unauthenticated.description,
  });
  res.writeHead(401, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
  return 401;
};

/**
 * `GET /_local/events/stream` (behind the control door, as every `/_local` endpoint), with a
 * merchant's secret key as the API takes it (HTTP basic, the key as the user): server-sent events of that key's account and
 * environment, `event: event` (the event JSON as GET /1/events/{token} shows it, its token as the
 * id) and `event: webhook_attempt` (`{"webhook": "whr_..."}`), from the moment the `: following`
 * comment is written until the client goes. Nothing is written while nothing happens. Resolves with
 * the status once the stream ends.
 */
export const eventStream =
  (feed: EventFeed, accounts: Pick<AccountsStore, 'grantFor'>) =>
  async (headers: IncomingHttpHeaders, res: ServerResponse): Promise<number> => {
    const key = basicAuthKey(headers.authorization);
    const grant = key ? await accounts.grantFor(key) : null;
    if (grant?.kind !== 'secret' || grant.environment === null || grant.suspended) return refuse(res);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    res.write(': following\n\n');
    feed.keep(res);
    const stop = feed.follow(grant.accountId, grant.environment, (item) => {
      const data =
        item.kind === 'event' ? JSON.stringify(item.event) : JSON.stringify({ webhook: item.webhook });
      const id = item.kind === 'event' ? `id: ${item.event.token}\n` : '';
      res.write(`event: ${item.kind}\n${id}data: ${data}\n\n`);
    });
    await new Promise<void>((resolve) => res.once('close', resolve));
    stop();
    return 200;
  };
