import type { Payment } from '@wattle/domain';
import type { LocalStore } from '../engine.ts';
import type { ApiClient } from './api-client.ts';
import { type Html, html } from './html.ts';
import { jsonBlock, type PageContext, pager } from './layout.ts';
import { hasNextPage } from './pages.ts';
import type { ApiObject, ResourceView } from './resources.ts';

/** One resource's list (newest first, as the API pages it), or its single object, with the JSON of each. */
export const resourceView = async (
  api: ApiClient,
  store: Pick<LocalStore, 'payments'>,
  context: PageContext,
  view: ResourceView,
  page: number,
): Promise<Html> => {
  const path = view.shape === 'list' ? `${view.path}?page=${page}` : view.path;
  const body = await api.get(context.account, context.environment, path);
  const items = view.shape === 'list' ? (body.response as ApiObject[]) : [body.response as ApiObject];
  const attempts = view.payments ? await attemptsOf(store, context, items) : null;
  const head = html`<tr>${view.columns.map((column) => html`<th>${column.label}</th>`)}${attempts ? html`<th>Processor</th>` : ''}<th>JSON</th></tr>`;
  const rows = items.map(
    (item, index) =>
      html`<tr>${view.columns.map((column) => html`<td>${column.value(item)}</td>`)}${attempts ? html`<td class="attempts">${attempts[index]}</td>` : ''}<td>${jsonBlock('JSON', item)}</td></tr>`,
  );
  return html`<table class="resources ${view.name}"><thead>${head}</thead><tbody>${rows}</tbody></table>${items.length ? '' : html`<p class="empty">No ${view.title.toLowerCase()} yet.</p>`}${view.shape === 'list' ? pager(context, page, hasNextPage(body)) : ''}`;
};

/**
 * Where a payment was tried (`adyen-down not_processed, adyen-us approved`), as its record keeps
 * it: each attempt's account and outcome; one made before attempts were kept, or on the default
 * with no routing, shows its account alone.
 */
export const attemptsText = (payment: Pick<Payment, 'processorAccount' | 'attempts'> | null): string => {
  if (!payment) return '';
  if (!payment.attempts?.length) return payment.processorAccount ?? '';
  return payment.attempts
    .map((attempt) => `${attempt.account} ${attempt.outcome ?? 'asked'} at ${attempt.startedAt}`)
    .join(', ');
};

const attemptsOf = async (
  store: Pick<LocalStore, 'payments'>,
  context: PageContext,
  items: ApiObject[],
): Promise<string[]> => {
  const scope = { accountId: context.account.accountId, environment: context.environment };
  return Promise.all(
    items.map(async (item) =>
      typeof item.token === 'string' ? attemptsText(await store.payments.get(scope, item.token)) : '',
    ),
  );
};
