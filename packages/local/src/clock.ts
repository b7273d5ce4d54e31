import { readFileSync, writeFileSync } from 'node:fs';
import { clockOffsetMs, runtimeClock, setClockOffsetMs } from '@wattle/runtime';
import { type JobsRun, runJobs } from './jobs.ts';

interface ClockFile {
  offsetMs: number;
}

/**
 * The local stack's control over the shared clock (the functions read `runtimeClock` from the same
 * module). Moves and job runs go one at a time: a move answers only once every job that became due
 * has run, so a test sees the consequences of the time it skipped.
 */
export class LocalClock {
  private queue: Promise<unknown> = Promise.resolve();

  /** `file` keeps the offset across restarts; null keeps nothing. */
  constructor(private readonly file: string | null) {}

  /** Sets the offset from the file (or to zero): every start begins from what was persisted. */
  restore(): void {
    let offsetMs = 0;
    if (this.file) {
      try {
        const saved = JSON.parse(readFileSync(this.file, 'utf8')) as Partial<ClockFile>;
        if (typeof saved.offsetMs === 'number' && Number.isFinite(saved.offsetMs) && saved.offsetMs >= 0) {
          offsetMs = saved.offsetMs;
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    setClockOffsetMs(offsetMs);
  }

  now(): Date {
    return runtimeClock.now();
  }

  /** Moves the clock forward by `seconds`, persists the offset, then runs the due jobs. */
  advance(seconds: number): Promise<JobsRun & { now: Date }> {
    return this.serialise(async () => {
      setClockOffsetMs(clockOffsetMs() + Math.round(seconds * 1000));
      this.save();
      const run = await runJobs(runtimeClock.now());
      return { ...run, now: runtimeClock.now() };
    });
  }

  /**
   * A reset: runs `work` (emptying the stack) with no move or job run alongside, then sets the
   * clock back to real time, kept so in the file too.
   */
  reset<T>(work: () => Promise<T>): Promise<T & { now: Date }> {
    return this.serialise(async () => {
      const done = await work();
      setClockOffsetMs(0);
      this.save();
      return { ...done, now: runtimeClock.now() };
    });
  }

  /** The schedule's tick: runs the jobs at the current time, never alongside a move. */
  runDueJobs(): Promise<JobsRun> {
    return this.serialise(() => runJobs(runtimeClock.now()));
  }

  /** Waits for whatever move or run is under way. */
  async idle(): Promise<void> {
    await this.serialise(async () => undefined);
  }

  /** Keeps the offset in the file, when there is one. */
  private save(): void {
    if (this.file)
      writeFileSync(this.file, `${JSON.stringify({ offsetMs: clockOffsetMs() } satisfies ClockFile)}\n`, {
        mode: 0o600,
      });
  }

  private serialise<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work, work);
    this.queue = result.catch(() => undefined);
    return result;
  }
}
