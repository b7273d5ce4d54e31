import { timeLeftMs } from '@wattle/deadline';
import { retentionFromDays } from '@wattle/domain';
import { uncountExpiredItems } from '@wattle/flows';
import { MemoryWorld, memoryStoreOver } from '@wattle/memory-store';
import * as memoryParts from '@wattle/memory-store/parts';
import type { DeliveryQueue } from '@wattle/ports';
import { queues } from '@wattle/routes';
import { runtimeClock, substituteParts } from '@wattle/runtime';
import { eventStreamRecord, localCardCipher } from '@wattle/store';
import * as storeParts from '@wattle/store/parts';
import { deliveryMessageBody } from '@wattle/webhooks';
import type { EngineStart, StoreEngine } from './engine.ts';
import { MemoryQueue } from './memory-queue.ts';

/**
 * A port the memory store does not have yet: made without complaint (a function composes every
 * part its routes name), it refuses each call, so only what uses it fails, and says why.
 */
const missingPart = (name: string) => () =>
  new Proxy(
    {},
    {
      get: (_, method) => async () => {
        throw new Error(
          `The memory engine has no ${name} store yet (${String(method)}): run the stack with --store dynamodb`,
        );
      },
    },
  );

/**
 * The engine without Java or an SQS emulator: the in-memory store (@wattle/memory-store) and two
 * queues in this process, nothing kept after the stack stops. The functions compose its
 * repositories under the registry's names (substituteParts) and send delivery attempts to its
 * webhooks queue; each event its changes record goes on its events queue as the table stream's
 * Pipe puts it there, so the same delivery function fans it out and delivers its webhooks.
 */
export const startMemoryEngine = async (start: EngineStart): Promise<StoreEngine> => {
  const cipher = localCardCipher(Buffer.from(start.cardKey, 'hex'));
  const retention = retentionFromDays(process.env.WATTLE_EVENT_RETENTION_DAYS);
  const events = new MemoryQueue(queues.events);
  const webhooks = new MemoryQueue(queues.webhooks);
  const deliveryQueue: DeliveryQueue = {
    send: async (requests) => webhooks.send(requests.map(deliveryMessageBody)),
  };

  // One world for the stack's life: a reset empties it (world.clear) as the other engine empties
  // its table, and every function's composition goes on over it. Its calls are bound by each
  // invocation's deadline, as the DynamoDB engine's are.
  const world = new MemoryWorld({ cipher, retention, timeLeft: timeLeftMs });
  const store = memoryStoreOver(world);
  const made = Object.fromEntries(
    Object.keys(storeParts).map((name) => {
      const part = (memoryParts as Record<string, (c: { memoryWorld: MemoryWorld }) => unknown>)[name];
      return [name, part ? () => part({ memoryWorld: world }) : missingPart(name)];
    }),
  );
  substituteParts({ ...made, deliveryQueue: () => deliveryQueue });
  // A stopped engine leaves the functions on the registry's parts, not on its world.
  start.cleanups.push(() => substituteParts({}));
  // The Pipe: each event, once its change is made, onto the events queue in the stream's format;
  // those of one turn of the event loop in one send, as the Pipe reads the stream in batches, so
  // that events made together reach the delivery function in one batch, not an invocation each.
  let batch: string[] = [];
  let sending: NodeJS.Immediate | undefined;
  const send = () => {
    sending = undefined;
    events.send(batch);
    batch = [];
  };
  /** What the Pipe has read and not sent goes: the records it read are gone (a reset) or the stack is. */
  const dropUnsent = () => {
    if (sending) clearImmediate(sending);
    sending = undefined;
    batch = [];
  };
  const stopPipe = world.outbox.onRecorded((recorded) => {
    batch.push(eventStreamRecord(recorded));
    sending ??= setImmediate(send);
  });
  start.cleanups.push(() => {
    stopPipe();
    dropUnsent();
  });
  start.info('start: in-memory store and queues (nothing is kept after the stack stops)');

  return {
    name: 'memory',
    store,
    sources: { events, webhooks },
    queueUrls: { events: '', webhooks: '' },
    ddbEndpoint: '',
    ddbAccessKeyId: '',
    sqsEndpoint: '',
    tableName: '',
    // The functions' composition builds a DynamoDB client in every process, which on this engine
    // never sends: the AWS SDK's warning that its 2027 releases need Node 22 (on an older Node: the
    // npm package runs on Node 20) speaks of nothing this engine does. The SDK's documented switch
    // (aws/aws-sdk-js-v3#7983).
    functionEnvironment: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    // Running from the start: the seed's events are on the queue too, as a new table's stream has them.
    startEventPipe: async () => {},
    holdEvents: () => {
      throw new Error('The memory engine hands each event on as it is written: it cannot hold them');
    },
    // Each event is handed on as it is written: nothing waits for a poll.
    wakeEventPipe: () => {},
    records: () => world.records(),
    sweep: () => {
      const expired = world.sweep(start.now());
      if (expired.length === 0) return;
      uncountExpiredItems({ expiredItems: store.expiredItems, clock: runtimeClock }, expired).then(
        (outcome) => {
          if (outcome.failedAt !== null) console.error('[wattle-local] expiry sweep failed:', outcome.error);
        },
      );
    },
    empty: async () => {
      const deleted = world.clear();
      dropUnsent();
      events.purge();
      webhooks.purge();
      return deleted;
    },
    exited: new Promise<void>(() => {}),
  };
};
