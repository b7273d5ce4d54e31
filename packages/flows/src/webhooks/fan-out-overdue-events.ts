import type { ScopedEvent } from '@wattle/ports';
import { type FanOutEventDeps, fanOutEvent } from './fan-out-event.ts';

export interface OverdueFanOutOptions {
  /** How old an event's write must be before the scheduler fans it out: the stream goes first. */
  graceMs: number;
  /** Stop taking new batches after this long (a Lambda run has a deadline). */
  budgetMs?: number;
  /** Events fanned out at once. */
  concurrency?: number;
  /** Told of each event whose fan-out failed; it stays awaiting, for the next run. */
  onFailure?: (event: ScopedEvent, error: unknown) => void;
}

export interface OverdueFanOutSummary {
  fannedOut: number;
  failed: number;
}

const idOf = ({ scope, event }: ScopedEvent): string =>
  `${scope.accountId}#${scope.environment}#${event.token}`;

/**
 * The net under the table stream: every event written more than `graceMs` before `now` whose
 * fan-out is not done (a Pipe that skipped or dropped it, a local stack killed before its pipe
 * read it) is fanned out now, as the stream would have. No claim is needed: a fan-out racing the
 * stream's or an overlapping run's makes no second webhook (one per event and endpoint) and no
 * second attempt (only a due webhook no attempt holds is sent). Each event is tried once a run.
 */
export const fanOutOverdueEvents = async (
  deps: FanOutEventDeps,
  now: Date,
  options: OverdueFanOutOptions,
): Promise<OverdueFanOutSummary> => {
  const summary: OverdueFanOutSummary = { fannedOut: 0, failed: 0 };
  const writtenBy = new Date(now.getTime() - options.graceMs);
  // The budget is the run's own (wall-clock) time, not the service clock's, which tests move.
  const deadline = Date.now() + (options.budgetMs ?? 10_000);
  const tried = new Set<string>();
  while (Date.now() < deadline) {
    // The index is eventually consistent: an event done a moment ago may come back; `tried` skips it.
    const batch = (await deps.events.awaitingFanOut(writtenBy)).filter((scoped) => !tried.has(idOf(scoped)));
    if (batch.length === 0) break;
    for (const scoped of batch) tried.add(idOf(scoped));
    await Promise.all(
      Array.from({ length: Math.min(options.concurrency ?? 8, batch.length) }, async () => {
        for (let scoped = batch.shift(); scoped; scoped = batch.shift()) {
          try {
            await fanOutEvent(deps, scoped);
            summary.fannedOut++;
          } catch (error) {
            summary.failed++;
            options.onFailure?.(scoped, error);
          }
        }
      }),
    );
  }
  return summary;
};
