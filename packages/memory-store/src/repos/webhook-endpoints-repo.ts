import { endpointPurgeGraceMs, maxWebhookEndpoints, type Scope, type WebhookEndpoint } from '@wattle/domain';
import {
  jobKinds,
  LimitReached,
  Missing,
  type Page,
  type ScheduledJob,
  type WebhookEndpointsStore,
} from '@wattle/ports';
import { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { listSortKey, scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { pageOf } from '../world/lists.ts';
import type { MemoryWorld } from '../world/world.ts';
import { endpointsOf, WebhooksRepo } from './webhooks-repo.ts';

/** A merchant's webhook endpoints: at most the limit, counted from creation until deletion starts. */
export class WebhookEndpointsRepo implements WebhookEndpointsStore {
  private readonly endpoints;
  private readonly webhooks: WebhooksRepo;

  constructor(private readonly world: MemoryWorld) {
    this.endpoints = endpointsOf(world);
    this.webhooks = new WebhooksRepo(world);
  }

  async get(scope: Scope, endpointToken: string): Promise<WebhookEndpoint | null> {
    const stored = this.endpoints.get(scoped(scope, endpointToken));
    return stored && stored.deletingSince === undefined ? copy(stored.endpoint) : null;
  }

  async list(scope: Scope, page: number): Promise<Page<WebhookEndpoint>> {
    return pageOf(this.world.lists.page(listKey(scope, 'webhook_endpoints'), page), (id) => {
      const stored = this.endpoints.get(id);
      return stored ? copy(stored.endpoint) : undefined;
    });
  }

  /**
   * Every endpoint of the merchant's list (at most the limit), newest first, without the count:
   * what an event's fan-out reads (the port's `live`, which main's fan-out uses).
   */
  async live(scope: Scope): Promise<WebhookEndpoint[]> {
    return this.world.lists
      .page(listKey(scope, 'webhook_endpoints'), 1)
      .ids.map((id) => copy(this.endpoints.get(id)!.endpoint));
  }

  async create(scope: Scope, endpoint: WebhookEndpoint, now: Date): Promise<void> {
    const id = scoped(scope, endpoint.token);
    const list = listKey(scope, 'webhook_endpoints');
    new Change()
      .check(() => !this.endpoints.has(id), 'endpoint')
      .check(
        () => this.world.lists.count(list) + 1 <= maxWebhookEndpoints,
        () => new LimitReached(list, maxWebhookEndpoints),
      )
      .write(() => {
        const stored = { endpoint: copy(endpoint), sortKey: listSortKey(now, endpoint.token) };
        this.endpoints.set(id, stored);
        this.world.lists.join(list, stored.sortKey, id);
        this.world.lists.move(list, 1);
      })
      .commit();
  }

  async delete(scope: Scope, endpointToken: string, now: Date): Promise<void> {
    const id = scoped(scope, endpointToken);
    const list = listKey(scope, 'webhook_endpoints');
    const change = new Change()
      .check(
        () => this.endpoints.has(id) && this.endpoints.get(id)!.deletingSince === undefined,
        () => new Missing('webhook endpoint', endpointToken),
      )
      .write(() => {
        const stored = this.endpoints.get(id)!;
        stored.deletingSince = now.toISOString();
        this.world.lists.leave(list, stored.sortKey);
        this.world.lists.move(list, -1);
      });
    this.world.jobs
      .scheduleIn(change, {
        kind: jobKinds.endpointPurge,
        scope,
        token: endpointToken,
        dueAt: new Date(now.getTime() + endpointPurgeGraceMs),
      })
      .commit();
    this.finishDeletion(scope, endpointToken, (last) =>
      this.world.jobs.cancelIn(last, jobKinds.endpointPurge, scope, endpointToken),
    );
  }

  async purge(job: ScheduledJob): Promise<void> {
    this.finishDeletion(job.scope, job.token, (last) => this.world.jobs.claimIn(last, job));
  }

  /** The endpoint's webhooks, then the endpoint, in a change `finish` adds to. Never a live endpoint. */
  private finishDeletion(scope: Scope, endpointToken: string, finish: (change: Change) => Change): void {
    this.webhooks.deleteAllOf(scope, endpointToken);
    const id = scoped(scope, endpointToken);
    const change = new Change()
      .check(() => this.endpoints.get(id)?.deletingSince !== undefined || !this.endpoints.has(id), 'endpoint')
      .write(() => this.endpoints.delete(id));
    finish(change).commit();
  }
}
