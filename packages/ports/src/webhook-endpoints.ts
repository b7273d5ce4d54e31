import type { Scope, WebhookEndpoint } from '@wattle/domain';
import type { Page } from './pages.ts';
import type { ScheduledJob } from './schedule.ts';

/** Where a merchant's webhook endpoints are kept. */
export interface WebhookEndpointsStore {
  /** The endpoint, or null when there is none (or its deletion has begun). */
  get(scope: Scope, endpointToken: string): Promise<WebhookEndpoint | null>;
  list(scope: Scope, page: number): Promise<Page<WebhookEndpoint>>;
  /**
   * Every endpoint of the merchant's list (at most maxWebhookEndpoints), newest first, without the
   * list's count: what an event's fan-out reads, once per event.
   */
  live(scope: Scope): Promise<WebhookEndpoint[]>;
  /** Adds the endpoint within the merchant's limit. Throws LimitReached when the list is full. */
  create(scope: Scope, endpoint: WebhookEndpoint, now: Date): Promise<void>;
  /** Deletes the endpoint and every webhook of it. Throws Missing when there is no live endpoint. */
  delete(scope: Scope, endpointToken: string, now: Date): Promise<void>;
  /**
   * Finishes a deletion that stopped half-way (the endpoint purge job): its webhooks, then the
   * endpoint, and claims the job. Never touches a live endpoint. Throws JobTaken.
   */
  purge(job: ScheduledJob): Promise<void>;
}
