import type { ApiClient } from './api-client.ts';
import { type Html, html } from './html.ts';
import { jsonBlock, type PageContext, pager } from './layout.ts';
import { hasNextPage } from './pages.ts';
import type { ApiObject, ResourceView } from './resources.ts';

/** One resource's list (newest first, as the API pages it), or its single object, with the JSON of each. */
export const resourceView = async (
  api: ApiClient,
  context: PageContext,
  view: ResourceView,
  page: number,
): Promise<Html> => {
  const path = view.shape === 'list' ? `${view.path}?page=${page}` : view.path;
  const body = await api.get(context.account, context.environment, path);
  const items = view.shape === 'list' ? (body.response as ApiObject[]) : [body.response as ApiObject];
  const head = html`<tr>${view.columns.map((column) => html`<th>${column.label}</th>`)}<th>JSON</th></tr>`;
  const rows = items.map(
    (item) =>
      html`<tr>${view.columns.map((column) => html`<td>${column.value(item)}</td>`)}<td>${jsonBlock('JSON', item)}</td></tr>`,
  );
  return html`<table class="resources ${view.name}"><thead>${head}</thead><tbody>${rows}</tbody></table>${items.length ? '' : html`<p class="empty">No ${view.title.toLowerCase()} yet.</p>`}${view.shape === 'list' ? pager(context, page, hasNextPage(body)) : ''}`;
};
