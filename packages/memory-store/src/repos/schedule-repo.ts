import type { ScheduledJob, ScheduleStore } from '@wattle/ports';
import { Change } from '../world/change.ts';
import type { MemoryWorld } from '../world/world.ts';

/** The scheduled jobs (world/jobs.ts): written and claimed by the changes that make and do the work. */
export class ScheduleRepo implements ScheduleStore {
  constructor(private readonly world: MemoryWorld) {}

  async drop(job: ScheduledJob): Promise<void> {
    this.world.jobs.claimIn(new Change(), job).commit();
  }

  async due(kinds: string | readonly string[], now: Date, limit = 100): Promise<ScheduledJob[]> {
    return this.world.jobs.dueBy(new Set(typeof kinds === 'string' ? [kinds] : kinds), now, limit);
  }
}
