/**
 * The scheduled jobs of the local stack: what the EventBridge schedule runs in AWS (subscription
 * billing, renewals, trial ends, retry sweeps). Each job is given the current (possibly advanced)
 * time and does whatever has become due by then, so running it again is harmless.
 */
export type Job = (now: Date) => Promise<unknown>;

const jobs = new Map<string, Job>();

/** Registers (or replaces) a job under `name`; returns a function that removes it again. */
export const registerJob = (name: string, run: Job): (() => void) => {
  jobs.set(name, run);
  return () => {
    if (jobs.get(name) === run) jobs.delete(name);
  };
};

export const registeredJobs = (): string[] => [...jobs.keys()];

export interface JobFailure {
  name: string;
  error: unknown;
}

export interface JobsRun {
  /** What each job that succeeded answered, by name (the scheduler's summary). */
  results: Record<string, unknown>;
  failures: JobFailure[];
}

/** Runs every job once, in registration order, each awaited; one failing does not stop the others. */
export const runJobs = async (now: Date): Promise<JobsRun> => {
  const run: JobsRun = { results: {}, failures: [] };
  for (const [name, job] of [...jobs]) {
    try {
      run.results[name] = await job(now);
    } catch (error) {
      run.failures.push({ name, error });
    }
  }
  return run;
};
