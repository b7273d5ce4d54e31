import { endpointPurgeGraceMs, maxWebhookEndpoints, type Scope, type WebhookEndpoint } from '@wattle/domain';
import { jobKinds, type ScheduledJob } from '../schedule.ts';
import type { WebhookEndpointsStore } from '../webhook-endpoints.ts';
import { type ListRef, listSortKey, missing, type StoreWrite, type StoreWriter } from './store-writes.ts';

/** The webhook endpoints' writes (WebhookEndpointsStore), once for both engines. */

const endpoints: ListRef = { list: 'webhook-endpoints' };

/**
 * The endpoint, listed, live for its webhooks and counted against the merchant's limit: of racing
 * creations past it, the count refuses (LimitReached) all but the ones that fit.
 */
export const endpointCreation = (endpoint: WebhookEndpoint, now: Date): StoreWrite[] => [
  {
    kind: 'create',
    ref: { record: 'webhook-endpoint', token: endpoint.token },
    fields: { endpoint },
    listed: [{ in: endpoints, sortKey: listSortKey(now, endpoint.token) }],
  },
  { kind: 'liveness', ref: { record: 'webhook-endpoint', token: endpoint.token }, live: true },
  { kind: 'count', list: endpoints, by: 1, atMost: maxWebhookEndpoints },
];

/**
 * The first step of a deletion: the endpoint marked deleting, out of its list and its limit, and
 * no longer live, so no webhook is made for it once this lands (Missing when there is no live
 * endpoint); its purge job finishes the deletion should the request stop half-way.
 */
export const endpointDeletionStart = (scope: Scope, endpointToken: string, now: Date): StoreWrite[] => [
  {
    kind: 'update',
    ref: { record: 'webhook-endpoint', token: endpointToken },
    set: { deletingSince: now.toISOString() },
    bump: false,
    when: { exists: true, absent: [['deletingSince']] },
    leaves: endpoints,
    refusal: missing('webhook endpoint', endpointToken),
  },
  { kind: 'liveness', ref: { record: 'webhook-endpoint', token: endpointToken }, live: false },
  { kind: 'count', list: endpoints, by: -1 },
  {
    kind: 'schedule-job',
    job: {
      kind: jobKinds.endpointPurge,
      scope,
      token: endpointToken,
      dueAt: new Date(now.getTime() + endpointPurgeGraceMs),
    },
  },
];

/**
 * The last step of a deletion, once its webhooks are gone: the endpoint (never a live one), and its
 * purge job claimed when this is that job's run (`job`), else removed.
 */
export const endpointDeletionEnd = (endpointToken: string, job: ScheduledJob | undefined): StoreWrite[] => [
  {
    kind: 'delete',
    ref: { record: 'webhook-endpoint', token: endpointToken },
    when: { orGone: true, present: [['deletingSince']] },
  },
  job
    ? { kind: 'claim-job', job }
    : { kind: 'cancel-job', job: jobKinds.endpointPurge, token: endpointToken },
];

/**
 * The webhook endpoints' port's writes, on an engine's writer: its repository extends this with
 * its reads and `deleteWebhooksOf`, the step between a deletion's first write and its last.
 */
export abstract class WebhookEndpointWrites
  implements Pick<WebhookEndpointsStore, 'create' | 'delete' | 'purge'>
{
  constructor(protected readonly writer: StoreWriter) {}

  /** Every webhook of an endpoint being deleted, with its retry job, as the engine deletes them. */
  protected abstract deleteWebhooksOf(scope: Scope, endpointToken: string): Promise<void>;

  async create(scope: Scope, endpoint: WebhookEndpoint, now: Date): Promise<void> {
    await this.writer.commit(scope, endpointCreation(endpoint, now), now);
  }

  /** Throws Missing when there is no live endpoint. */
  async delete(scope: Scope, endpointToken: string, now: Date): Promise<void> {
    await this.writer.commit(scope, endpointDeletionStart(scope, endpointToken, now), now);
    await this.finishDeletion(scope, endpointToken);
  }

  /** The purge job: the rest of a deletion whose request stopped half-way. Throws JobTaken. */
  purge(job: ScheduledJob): Promise<void> {
    return this.finishDeletion(job.scope, job.token, job);
  }

  private async finishDeletion(scope: Scope, endpointToken: string, job?: ScheduledJob): Promise<void> {
    await this.deleteWebhooksOf(scope, endpointToken);
    // Nothing of this write is stamped (no event, no token used): any time does.
    await this.writer.commit(scope, endpointDeletionEnd(endpointToken, job), new Date(0));
  }
}
