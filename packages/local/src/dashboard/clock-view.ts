import type { SchedulerSummary } from '../scheduler.ts';
import { type Html, html } from './html.ts';
import { type PageContext, scopeFields } from './layout.ts';

/** The units the advance form offers, in seconds. */
export const clockUnits = { s: 1, m: 60, h: 3600, d: 86_400 } as const;
export type ClockUnit = keyof typeof clockUnits;

/** What an advance from the form came to: the clock's new time and what the scheduler ran. */
export interface ClockAdvance {
  seconds: number;
  now: string;
  scheduler: SchedulerSummary | undefined;
}

const ranJobs = (scheduler: SchedulerSummary | undefined): Html => {
  if (!scheduler) return html`<p class="error">The scheduler did not report what it ran.</p>`;
  const kinds = Object.entries(scheduler.doneByKind);
  return html`<table class="jobs"><thead><tr><th>Job kind</th><th>Done</th></tr></thead><tbody>${kinds.map(
    ([kind, count]) => html`<tr><td><code>${kind}</code></td><td>${count}</td></tr>`,
  )}</tbody></table>${kinds.length ? '' : html`<p class="empty">No job was due.</p>`}
<p>${scheduler.done} job(s) done, ${scheduler.failed} failed, ${scheduler.claimedElsewhere} claimed by another run, ${scheduler.overdueEvents.fannedOut} overdue event(s) fanned out.</p>`;
};

/** The stack's clock, the form that moves it, and (after a move) which jobs ran. */
export const clockView = (context: PageContext, now: string, advance?: ClockAdvance): Html =>
  html`<p>The clock reads <time id="clock-now">${now}</time>. Moving it runs every job that falls due, as the scheduler's runs would have.</p>
<form class="advance" method="post" action="/_dashboard/clock">${scopeFields(context)}
<label>Advance by <input name="amount" type="number" min="1" step="1" value="1" required></label>
<select name="unit" aria-label="Unit">${Object.keys(clockUnits).map(
    (unit) => html`<option value="${unit}"${unit === 'd' ? html` selected` : ''}>${unit}</option>`,
  )}</select>
<button type="submit">Advance the clock</button></form>
${advance ? html`<section class="ran" role="status"><h3>Advanced ${advance.seconds} s to ${advance.now}</h3>${ranJobs(advance.scheduler)}</section>` : ''}`;
