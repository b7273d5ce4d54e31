import { perPage, type Scope, type Webhook, type WebhookAttempt } from '@wattle/domain';
import { listWebhooks } from '@wattle/flows';
import { presentEvent } from '@wattle/wire';
import type { LocalStore } from '../engine.ts';
import { type Html, html } from './html.ts';
import { type PageContext, pager, scopeFields } from './layout.ts';

const result = (attempt: WebhookAttempt): Html =>
  attempt.status !== null
    ? html`<span class="ok">${attempt.status}</span>`
    : html`<span class="failed">${attempt.error?.error ?? 'error'}</span> ${attempt.error?.error_description ?? ''}`;

/** The request as sent: request line, headers and the body the signature covers. */
const sentRequest = (attempt: WebhookAttempt, body: string | null): Html => {
  const headers = Object.entries(attempt.request.headers).map(([name, value]) => `${name}: ${value}`);
  return html`<details><summary>POST ${attempt.request.url}</summary><pre class="request">${[
    `POST ${attempt.request.url}`,
    ...headers,
    '',
    body ?? '(the event is no longer kept)',
  ].join('\n')}</pre></details>`;
};

const attemptsTable = (webhook: Webhook, body: string | null): Html => {
  const attempts = webhook.attempts ?? [];
  if (!attempts.length) return html`<p class="empty">No attempt recorded yet.</p>`;
  return html`<table class="attempts"><thead><tr><th>Time</th><th>Result</th><th>Duration</th><th>Request</th></tr></thead><tbody>${attempts
    .map(
      (attempt) =>
        html`<tr class="attempt"><td><time>${attempt.at}</time></td><td>${result(attempt)}</td><td>${attempt.ms} ms</td><td>${sentRequest(attempt, body)}</td></tr>`,
    )
    .reverse()}</tbody></table>`;
};

/**
 * The webhooks sent for the account's events, newest first, each with every attempt (newest
 * first) and a replay button. Read through the flows: the attempts are not part of Pin's webhook
 * object, so GET /webhooks does not show them.
 */
export const deliveriesView = async (
  store: LocalStore,
  context: PageContext,
  page: number,
  replayed: string | undefined,
): Promise<Html> => {
  const scope: Scope = { accountId: context.account.accountId, environment: context.environment };
  const { items, total } = await listWebhooks(store, scope, page);
  const events = await Promise.all(items.map((webhook) => store.events.get(scope, webhook.eventToken)));
  const notice = replayed
    ? html`<p class="notice" role="status">Replay of <code>${replayed}</code> asked for: its new attempt shows here once made (reload).</p>`
    : '';
  const list = items.map((webhook, i) => {
    const event = events[i];
    const body = event ? JSON.stringify(presentEvent(event)) : null;
    return html`<li class="delivery" data-token="${webhook.token}">
<p><code>${webhook.token}</code> <code class="type">${event?.type ?? ''}</code> event <code>${webhook.eventToken}</code> to <code>${webhook.url}</code></p>
<p>Status <strong class="status-${webhook.status}">${webhook.status}</strong>${webhook.nextRun ? html` · next run ${webhook.nextRun}` : ''} · created ${webhook.createdAt}</p>
<form method="post" action="/_dashboard/replay">${scopeFields(context)}<input type="hidden" name="webhook" value="${webhook.token}"><button type="submit">Replay</button></form>
${attemptsTable(webhook, body)}</li>`;
  });
  return html`${notice}<ol class="deliveries">${list}</ol>${items.length ? '' : html`<p class="empty">No webhooks yet: add a webhook endpoint (POST /1/webhook_endpoints).</p>`}${pager(context, page, page * perPage < total)}`;
};
