import { randomUUID } from 'node:crypto';
import type { QueueDefinition } from '@wattle/routes';
import type { QueueMessage, QueueSource } from './queue-consumer.ts';

interface Held {
  id: string;
  body: string;
  sentAt: number;
  firstReceivedAt?: number;
  /** When it may be received (again): after its delay, or its visibility timeout once received. */
  visibleAt: number;
  receiveCount: number;
  /** The receipt of its latest receive: only that one deletes it, as in SQS. */
  receipt: string;
}

/**
 * A queue in this process, for the memory engine: what the local stack's consumers read as they
 * read an SQS queue (batches, visibility timeout, receive limit, a dead-letter list), with nothing
 * kept after the stack stops. Messages are received oldest first.
 */
export class MemoryQueue implements QueueSource {
  private held: Held[] = [];
  /** Messages received `maxReceiveCount` times without being deleted, as the dead-letter queue keeps them. */
  readonly deadLetters: string[] = [];
  /** The receives waiting for messages, longest waiting first, each with how many it takes at most. */
  private readonly waiting = new Map<() => void, number>();

  constructor(private readonly definition: QueueDefinition) {}

  /** Puts messages on the queue, each visible after `delaySeconds` (default 0). */
  send(bodies: readonly string[], delaySeconds = 0): void {
    const sentAt = Date.now();
    const visibleAt = sentAt + delaySeconds * 1000;
    for (const body of bodies)
      this.held.push({ id: randomUUID(), body, sentAt, visibleAt, receiveCount: 0, receipt: '' });
    this.wake(bodies.length);
  }

  /**
   * Wakes as many waiting receives as the new messages need, longest waiting first (a receive
   * takes up to its `max`), as SQS answers a long poll once there are messages for it: waking
   * every poller for each message made each of them scan the queue, find it taken and set its
   * timer and abort listener up again.
   */
  private wake(messages: number): void {
    let left = messages;
    for (const [wake, max] of this.waiting) {
      if (left <= 0) break;
      left -= max;
      wake();
    }
  }

  private take(max: number): QueueMessage[] {
    const now = Date.now();
    const taken: QueueMessage[] = [];
    for (const held of this.held) {
      if (taken.length >= max) break;
      if (held.visibleAt > now) continue;
      if (held.receiveCount >= this.definition.maxReceiveCount) continue;
      held.receiveCount += 1;
      held.receipt = randomUUID();
      held.visibleAt = now + this.definition.visibilityTimeoutSeconds * 1000;
      held.firstReceivedAt ??= now;
      taken.push({
        id: held.id,
        receipt: held.receipt,
        body: held.body,
        attributes: {
          ApproximateReceiveCount: String(held.receiveCount),
          SentTimestamp: String(held.sentAt),
          ApproximateFirstReceiveTimestamp: String(held.firstReceivedAt),
        },
      });
    }
    // Received as often as the redrive policy allows and still not deleted: to the dead letters.
    const dead = this.held.filter(
      (held) => held.receiveCount >= this.definition.maxReceiveCount && held.visibleAt <= now,
    );
    if (dead.length > 0) {
      this.deadLetters.push(...dead.map((held) => held.body));
      this.held = this.held.filter((held) => !dead.includes(held));
    }
    return taken;
  }

  /** The time until the next held message becomes visible (bounded by `waitMs`). */
  private nextVisibleIn(waitMs: number): number {
    const now = Date.now();
    let soonest = waitMs;
    for (const held of this.held) soonest = Math.min(soonest, Math.max(0, held.visibleAt - now));
    return soonest;
  }

  async receive(max: number, waitMs: number, signal: AbortSignal): Promise<QueueMessage[]> {
    const until = Date.now() + waitMs;
    for (;;) {
      const taken = this.take(max);
      const left = until - Date.now();
      if (taken.length > 0 || left <= 0 || signal.aborted) return taken;
      await new Promise<void>((done) => {
        const finish = () => {
          clearTimeout(timer);
          this.waiting.delete(finish);
          signal.removeEventListener('abort', finish);
          done();
        };
        const timer = setTimeout(finish, Math.max(1, this.nextVisibleIn(left)));
        this.waiting.set(finish, max);
        signal.addEventListener('abort', finish, { once: true });
      });
    }
  }

  async delete(messages: readonly QueueMessage[]): Promise<void> {
    const receipts = new Set(messages.map((message) => message.receipt));
    this.held = this.held.filter((held) => !receipts.has(held.receipt));
  }

  /** Every message goes, the dead letters too (the stack's reset). */
  purge(): void {
    this.held = [];
    this.deadLetters.length = 0;
  }
}
