import { eventTypes } from '@wattle/domain';
import type { ApiClient } from './api-client.ts';
import { type Html, html } from './html.ts';
import { jsonBlock, type PageContext, pager, scopeFields, viewLink } from './layout.ts';
import { hasNextPage } from './pages.ts';
import type { ApiObject } from './resources.ts';

/** A type filter reads the latest pages until it has this many events of the type… */
const filteredShown = 50;
/** …or has read this many pages. */
const filteredPagesRead = 10;

export const eventItem = (event: ApiObject): Html =>
  html`<li class="event" data-token="${String(event.token)}"><p><code class="type">${String(event.type)}</code> <code>${String(event.token)}</code> <time>${String(event.created_at)}</time></p>${jsonBlock('Event JSON', event)}</li>`;

const typeFilter = (context: PageContext, type: string | undefined): Html =>
  html`<form class="filter" method="get" action="/">${scopeFields(context)}<input type="hidden" name="view" value="events">
<label>Type <select name="type"><option value="">every type</option>${eventTypes.map(
    (name) => html`<option value="${name}"${name === type ? html` selected` : ''}>${name}</option>`,
  )}</select></label> <button type="submit">Filter</button></form>`;

/** Where the followed page's new items go: the layout is written up to here, then they follow. */
export const followedItems = html`<ol class="events followed">`;

/** A webhook attempt just made, as the followed page shows it: a link to its delivery. */
export const attemptItem = (context: PageContext, webhook: string): Html =>
  html`<li class="attempt"><p>webhook attempt <a href="${viewLink(context, 'deliveries')}"><code>${webhook}</code></a></p></li>`;

/**
 * The top of the followed events page: what it does and how to stop, then the latest page, which
 * the stylesheet shows below the list the new items are written into (newest on top, also by the
 * stylesheet: a page being written only grows at its end).
 */
export const followedView = (events: ApiObject[], context: PageContext): Html =>
  html`<div class="following"><p class="notice">Following: each new event and webhook attempt appears at the top as it happens, pushed by the stack (the page keeps loading while it follows; nothing is asked while nothing happens). <a href="${viewLink(context, 'events')}">Stop following</a></p>
<section class="latest"><h3>Before you followed</h3><ol class="events">${events.map(eventItem)}</ol>${events.length ? '' : html`<p class="empty">No events yet.</p>`}</section>
<h3 class="new">New</h3>`;

/** The events, newest first, as GET /events pages them; a type filter reads the latest pages. */
export const eventsView = async (
  api: ApiClient,
  context: PageContext,
  page: number,
  type: string | undefined,
): Promise<Html> => {
  const read = (n: number) => api.get(context.account, context.environment, `/1/events?page=${n}`);
  if (!type) {
    const body = await read(page);
    const events = body.response as ApiObject[];
    return html`${typeFilter(context, type)}<p class="follow"><a href="${viewLink(context, 'events', { follow: 1 })}">Follow new events</a></p><ol class="events">${events.map(eventItem)}</ol>${events.length ? '' : html`<p class="empty">No events yet.</p>`}${pager(context, page, hasNextPage(body))}`;
  }
  const found: ApiObject[] = [];
  let n = 1;
  for (; n <= filteredPagesRead && found.length < filteredShown; n++) {
    const body = await read(n);
    found.push(...(body.response as ApiObject[]).filter((event) => event.type === type));
    if (!hasNextPage(body)) break;
  }
  return html`${typeFilter(context, type)}<p class="note">The latest ${filteredShown} ${type} events among the latest ${filteredPagesRead} pages.</p><ol class="events">${found.slice(0, filteredShown).map(eventItem)}</ol>${found.length ? '' : html`<p class="empty">No ${type} events.</p>`}`;
};
