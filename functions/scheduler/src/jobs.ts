import type { JobHandler } from './job-handler.ts';

/** Every kind of scheduled job, by the kind name its jobs are scheduled under. */
export const jobHandlers: Record<string, JobHandler> = {};
