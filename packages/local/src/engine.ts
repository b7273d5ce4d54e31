import type { AccountsStore, EventsStore, MerchantsStore, PaymentsStore, WebhooksStore } from '@wattle/ports';
import type { queues } from '@wattle/routes';
import type { TableStatus } from '@wattle/store';
import type { QueueSource } from './queue-consumer.ts';

/** The store engines the local stack runs on: `--store dynamodb` (the default) or `--store memory`. */
export const storeEngines = ['dynamodb', 'memory'] as const;
export type StoreEngineName = (typeof storeEngines)[number];

/** What the stack itself reads and writes beside the functions: the seed, the dashboard, the control door. */
export interface LocalStore {
  accounts: AccountsStore;
  merchants: MerchantsStore;
  webhooks: WebhooksStore;
  events: EventsStore;
  /** For the dashboard's charges: each one's processor attempts, which Pin's JSON does not show. */
  payments: Pick<PaymentsStore, 'get'>;
}

type QueueName = keyof typeof queues;

/**
 * A running store engine: where the functions' data and messages are, and what the stack does
 * with them (reset, retention, stop). The gateway, functions, flows, clock, scheduler, delivery
 * and dashboard above it are the same on every engine.
 */
export interface StoreEngine {
  name: StoreEngineName;
  /** The stack's own repositories (the same data as the functions'). */
  store: LocalStore;
  /** The delivery function's two queues, as its event source reads them. */
  sources: Record<QueueName, QueueSource>;
  /** The queues' URLs, as the functions' environment names them ('' on the memory engine: none). */
  queueUrls: Record<QueueName, string>;
  ddbEndpoint: string;
  /** The access key of the stack's own database in DynamoDB Local ('' on the memory engine). */
  ddbAccessKeyId: string;
  sqsEndpoint: string;
  tableName: string;
  /** What the functions' environment needs to reach this engine's services (endpoints). */
  functionEnvironment: Record<string, string>;
  /** After the seed: what moves events from the store to the events queue starts. */
  startEventPipe(): Promise<void>;
  /**
   * Holds the events in the store (the DynamoDB engine's stream pipe reads nothing) until
   * released; the memory engine hands each event on as it is written and cannot hold them.
   */
  holdEvents(held: boolean): void;
  /**
   * Something may have written events (a function's invocation ended, a control request was
   * answered): the DynamoDB engine's pipe reads the stream at once rather than at its next poll,
   * which backs off to every 2 s while nothing comes; the memory engine hands each event on as it
   * is written.
   */
  wakeEventPipe(): void;
  /**
   * Asks for what the retention let expire by the clock's time to go, and out of its counts, as
   * TTL and the expiry consumer do in AWS (in the background: after every clock move and tick).
   */
  sweep(): void;
  /**
   * What the memory engine holds, for tests and card-data checks (`GET /_local/records`); DynamoDB
   * Local's table is read directly instead.
   */
  records?(): Record<string, Record<string, unknown>>;
  /**
   * The table's data migrations (DynamoDB Local: its version and each migration's progress, and a
   * run of those pending); the memory engine keeps nothing from one start to the next, so none.
   */
  migrations?: { status(): Promise<TableStatus>; run(): Promise<TableStatus> };
  /** Every item and message goes; answers how many items went. */
  empty(): Promise<number>;
  /** Settles when the engine's service dies under the stack (DynamoDB Local); never on the memory engine. */
  exited: Promise<void>;
}

/** What an engine starts with; what it starts, it stops through `cleanups` (run in reverse). */
export interface EngineStart {
  persistent: boolean;
  dataDir: string;
  /**
   * A DynamoDB Local already running (WATTLE_DYNAMODB_ENDPOINT) the DynamoDB engine uses, under the
   * stack's own access key, instead of starting one; none: it starts its own.
   */
  dynamodbEndpoint?: string;
  cardKey: string;
  /** The stack's clock (possibly moved). */
  now: () => Date;
  /** A console line about what started. */
  info: (line: string) => void;
  cleanups: (() => Promise<void> | void)[];
}
