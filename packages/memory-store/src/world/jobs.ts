import type { Scope } from '@wattle/domain';
import { jobKindsNamedByDueTime, jobTaken, type ScheduledJob } from '@wattle/ports';
import type { Change } from './change.ts';
import { copy } from './copy.ts';
import { scoped, shardOfToken } from './keys.ts';
import { SortedList } from './sorted-list.ts';

/** Due jobs of every kind are spread over this many parts, as on the DynamoDB store (`DUE#<shard>`). */
export const jobShards = 8;

const idOf = (kind: string, scope: Scope, token: string, dueAt?: Date): string =>
  jobKindsNamedByDueTime.has(kind)
    ? `${kind}#${scoped(scope, token)}#${dueAt!.toISOString()}`
    : `${kind}#${scoped(scope, token)}`;

/**
 * Where a job is in its part's due order: its time, kind, scope and token, as the DynamoDB store
 * sorts them (`DUE#<shard>`); its id last, so no two jobs share a place.
 */
const dueKeyOf = (job: ScheduledJob, id: string): string =>
  `${job.dueAt.toISOString()}#${job.kind}#${scoped(job.scope, job.token)}\u0000${id}`;

const copyJob = (job: ScheduledJob): ScheduledJob => ({
  kind: job.kind,
  scope: { ...job.scope },
  token: job.token,
  dueAt: new Date(job.dueAt.getTime()),
  data: copy(job.data ?? {}),
});

/** The scheduled jobs: by id, and by part in due order (every kind in one). */
export class Jobs {
  private readonly byId = new Map<string, { job: ScheduledJob; dueKey: string }>();
  private readonly due = new Map<string, SortedList>();

  /** Every job gone. */
  clear(): void {
    this.byId.clear();
    this.due.clear();
  }

  private dueList(token: string): SortedList {
    const key = `${shardOfToken(token, jobShards)}`;
    let list = this.due.get(key);
    if (!list) {
      list = new SortedList();
      this.due.set(key, list);
    }
    return list;
  }

  private put(job: ScheduledJob): void {
    this.remove(idOf(job.kind, job.scope, job.token, job.dueAt));
    const stored = copyJob(job);
    const id = idOf(job.kind, job.scope, job.token, job.dueAt);
    const dueKey = dueKeyOf(stored, id);
    this.byId.set(id, { job: stored, dueKey });
    this.dueList(job.token).insert(dueKey, id);
  }

  private remove(id: string): void {
    const found = this.byId.get(id);
    if (!found) return;
    this.byId.delete(id);
    this.dueList(found.job.token).remove(found.dueKey);
  }

  /** Whether `job` is there as it was read: due at the same time, not claimed by another run. */
  private holds(job: ScheduledJob): boolean {
    return (
      this.byId.get(idOf(job.kind, job.scope, job.token, job.dueAt))?.job.dueAt.getTime() ===
      job.dueAt.getTime()
    );
  }

  /** Schedules (or moves: one job per kind and resource, but for the timed kinds) in `change`. */
  scheduleIn(change: Change, job: ScheduledJob): Change {
    return change.write(() => this.put(job));
  }

  /** Claims the due `job` in the change doing its work: JobTaken when another run claimed or moved it. */
  claimIn(change: Change, job: ScheduledJob): Change {
    return change
      .check(() => this.holds(job), jobTaken(job))
      .write(() => this.remove(idOf(job.kind, job.scope, job.token, job.dueAt)));
  }

  /** Claims the due `job` and puts it back due at `next` (recurring work): JobTaken as claimIn. */
  advanceIn(change: Change, job: ScheduledJob, next: Date): Change {
    return this.claimIn(change, job).write(() => this.put({ ...job, dueAt: next }));
  }

  /** Removes a job no longer wanted; a timed kind's needs the time it is due at. Nothing when none. */
  cancelIn(change: Change, kind: string, scope: Scope, token: string, dueAt?: Date): Change {
    if (jobKindsNamedByDueTime.has(kind) && !dueAt)
      throw new Error(`Cancelling a ${kind} job needs the time it is due at`);
    return change.write(() => this.remove(idOf(kind, scope, token, dueAt)));
  }

  /** Up to `limit` jobs of `kinds` per part due by `now`, earliest first. */
  dueBy(kinds: ReadonlySet<string>, now: Date, limit: number): ScheduledJob[] {
    const upper = `${now.toISOString()}$`;
    const found: ScheduledJob[] = [];
    for (let shard = 0; shard < jobShards; shard++) {
      const list = this.due.get(`${shard}`);
      let taken = 0;
      for (const id of list?.oldestBefore(upper, Number.POSITIVE_INFINITY) ?? []) {
        const { job } = this.byId.get(id)!;
        if (!kinds.has(job.kind)) continue;
        found.push(copyJob(job));
        if (++taken === limit) break;
      }
    }
    return found.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
  }

  /** The job of `kind` for a resource (a timed kind's at `dueAt`), if there is one: for tests and tools. */
  find(kind: string, scope: Scope, token: string, dueAt?: Date): ScheduledJob | undefined {
    const found = this.byId.get(idOf(kind, scope, token, dueAt));
    return found ? copyJob(found.job) : undefined;
  }
}
