import type { ScheduledJob } from '@wattle/ports';

/**
 * Does one due job with the deps `D` its flow takes. It must claim the job or reschedule it in
 * the write that does the work, so a job claimed by an overlapping run (JobTaken) is never done twice.
 */
export type JobHandler<D> = (job: ScheduledJob, deps: D, now: Date) => Promise<void>;
