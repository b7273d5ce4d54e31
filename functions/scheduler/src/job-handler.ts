import type { ScheduledJob } from '@wattle/ports';
import type { RuntimeDeps } from '@wattle/runtime';

/**
 * Does one due job. It must claim the job (`claimIn`) or reschedule it (`scheduleIn`) in the
 * transaction that does the work, so a job claimed by an overlapping run is never done twice.
 */
export type JobHandler = (job: ScheduledJob, deps: RuntimeDeps, now: Date) => Promise<void>;
