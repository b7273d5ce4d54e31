import { type Environment, eventTypes, toTimestamp } from '@wattle/domain';
import { pageSecurityHeaders } from '@wattle/http';
import type { LocalStore } from '../engine.ts';
import type { EventFeed } from '../event-feed.ts';
import type { DashboardAccount, DashboardAccounts } from './accounts.ts';
import { ApiRefusal, apiClient } from './api-client.ts';
import { type ClockAdvance, clockUnits, clockView } from './clock-view.ts';
import { deliveriesView } from './deliveries-view.ts';
import { attemptItem, eventItem, eventsView, followedItems, followedView } from './events-view.ts';
import { type Html, html, query } from './html.ts';
import { layout, messagePage, type PageContext, viewNames } from './layout.ts';
import { pageParameter } from './pages.ts';
import { resourceView } from './resource-view.ts';
import { type ApiObject, resourceViews } from './resources.ts';
import { stylesheet } from './style.ts';

/** A request for the dashboard, its body read. */
export interface DashboardRequest {
  method: string;
  path: string;
  rawQueryString: string;
  body: string;
}

export interface DashboardResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /**
   * A page that keeps loading: after `body`, each piece of markup given to `write` as it happens,
   * until the browser leaves (the answer of `follow` stops it) or the stack stops.
   */
  follow?: (write: (markup: string) => void) => () => void;
}

export interface DashboardOptions {
  accounts: DashboardAccounts;
  /** The stack's own `http://localhost:PORT`, known once it listens. */
  origin: () => string;
  store: LocalStore;
  clock: { now(): Date };
  /** The stack's new events and webhook attempts, for the followed events page. */
  feed?: Pick<EventFeed, 'follow'>;
}

/**
 * Whether the dashboard answers: its stylesheet and its forms' actions below `/_dashboard/`, and
 * the page at `/` for a browser. An API client asking `/` for JSON only still gets Pin's 404, as
 * every other path outside the API does.
 */
export const isDashboardRequest = (path: string, accept: string | undefined): boolean =>
  path.startsWith('/_dashboard/') || (path === '/' && (!accept || /text\/html|\*\/\*/.test(accept)));

/**
 * No script, no frame, nothing from elsewhere: the page is markup, one stylesheet of its own and
 * forms posting back here, with the headers of every page Wattle serves (pageSecurityHeaders).
 * Merchant text is escaped too, this is the second line.
 */
const securityHeaders = {
  // Not no-referrer: with it the browser sends `Origin: null` on the forms' POSTs, which the control
  // door (rightly) refuses.
  ...pageSecurityHeaders({ referrerPolicy: 'same-origin' }),
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

const page = (status: number, markup: Html): DashboardResponse => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', ...securityHeaders },
  body: markup.text,
});

const refused = (status: number, title: string, message: string) => page(status, messagePage(title, message));

const redirect = (location: string): DashboardResponse => ({
  status: 303,
  headers: { location, ...securityHeaders },
  body: '',
});

class BadRequest extends Error {}

const environmentOf = (value: string | null): Environment => {
  if (value === null || value === '' || value === 'test') return 'test';
  if (value === 'live') return 'live';
  throw new BadRequest('Environment must be test or live.');
};

export const createDashboard = (options: DashboardOptions) => {
  const api = apiClient(options.origin);

  const accountOf = (value: string | null): DashboardAccount => {
    const accounts = options.accounts.all();
    const account = value ? options.accounts.get(value) : accounts[0];
    if (!account)
      throw new BadRequest(
        `No account ${value ?? ''} here: the dashboard shows the seeded merchant and those made through POST /_local/accounts while this stack runs.`,
      );
    return account;
  };

  const contextOf = (parameters: URLSearchParams, view: string): PageContext => ({
    accounts: options.accounts.all(),
    account: accountOf(parameters.get('account')),
    environment: environmentOf(parameters.get('env')),
    view,
  });

  const content = async (context: PageContext, parameters: URLSearchParams): Promise<Html> => {
    const pageNumber = pageParameter(parameters.get('page'));
    switch (context.view) {
      case 'events': {
        const type = parameters.get('type') || undefined;
        if (type && !(eventTypes as readonly string[]).includes(type))
          throw new BadRequest(`Type must be one of the event types: ${eventTypes.join(', ')}.`);
        return eventsView(api, context, pageNumber, type);
      }
      case 'deliveries': {
        const replayed = parameters.get('replayed') ?? '';
        return deliveriesView(
          options.store,
          context,
          pageNumber,
          /^whr_[\w-]+$/.test(replayed) ? replayed : undefined,
        );
      }
      case 'clock':
        return clockView(context, toTimestamp(options.clock.now()));
      default:
        return resourceView(
          api,
          options.store,
          context,
          resourceViews.find((v) => v.name === context.view)!,
          pageNumber,
        );
    }
  };

  /**
   * The events page followed: the layout written up to the list of new items, which the feed then
   * writes into as they happen. No script: the page is pushed by the server, and its CSP stays.
   */
  const followed = async (
    context: PageContext,
    feed: Pick<EventFeed, 'follow'>,
  ): Promise<DashboardResponse> => {
    const latest = await api.get(context.account, context.environment, '/1/events?page=1');
    const whole = layout(
      context,
      html`${followedView(latest.response as ApiObject[], context)}${followedItems}`,
    ).text;
    return {
      ...page(200, html``),
      body: whole.slice(0, whole.lastIndexOf(followedItems.text) + followedItems.text.length),
      follow: (write) =>
        feed.follow(context.account.accountId, context.environment, (item) =>
          write(
            (item.kind === 'event'
              ? eventItem(item.event as unknown as ApiObject)
              : attemptItem(context, item.webhook)
            ).text,
          ),
        ),
    };
  };

  const show = async (rawQueryString: string, method: string): Promise<DashboardResponse> => {
    const parameters = new URLSearchParams(rawQueryString);
    const view = parameters.get('view') || 'events';
    if (!viewNames.includes(view))
      return refused(404, 'No such view', `View must be one of: ${viewNames.join(', ')}.`);
    const context = contextOf(parameters, view);
    try {
      const follow = parameters.get('follow') === '1' && !parameters.get('type') && method === 'GET';
      if (view === 'events' && follow && options.feed) return await followed(context, options.feed);
      return page(200, layout(context, await content(context, parameters)));
    } catch (error) {
      if (!(error instanceof ApiRefusal)) throw error;
      return page(error.answer.status, layout(context, html`<p class="error">${error.message}</p>`));
    }
  };

  const replay = async (form: URLSearchParams): Promise<DashboardResponse> => {
    const context = contextOf(form, 'deliveries');
    const webhook = form.get('webhook') ?? '';
    if (!/^whr_[\w-]+$/.test(webhook)) throw new BadRequest('Webhook must be a webhook token (whr_…).');
    try {
      await api.put(context.account, context.environment, `/1/webhooks/${webhook}/replay`);
    } catch (error) {
      if (!(error instanceof ApiRefusal)) throw error;
      return page(error.answer.status, layout(context, html`<p class="error">${error.message}</p>`));
    }
    return redirect(
      `/${query({ account: context.account.accountId, env: context.environment, view: 'deliveries', replayed: webhook })}`,
    );
  };

  const advance = async (form: URLSearchParams): Promise<DashboardResponse> => {
    const context = contextOf(form, 'clock');
    const amountText = form.get('amount')?.trim() ?? '';
    const unit = form.get('unit') ?? '';
    if (!/^\d{1,7}$/.test(amountText) || Number(amountText) < 1)
      throw new BadRequest('Amount must be a whole number from 1.');
    if (!Object.hasOwn(clockUnits, unit)) throw new BadRequest('Unit must be s, m, h or d.');
    const seconds = Number(amountText) * clockUnits[unit as keyof typeof clockUnits];
    // Through the control endpoint, as the CLI and the tests move it: it runs the due jobs and logs the move.
    const answer = await fetch(`${options.origin()}/_local/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds }),
    });
    const body = (await answer.json()) as {
      now?: string;
      scheduler?: ClockAdvance['scheduler'];
      error_description?: string;
    };
    if (answer.status !== 200)
      return page(
        answer.status,
        layout(
          context,
          html`<p class="error">The clock did not move cleanly: ${body.error_description ?? ''}</p>`,
        ),
      );
    const moved: ClockAdvance = { seconds, now: body.now ?? '', scheduler: body.scheduler };
    return page(200, layout(context, clockView(context, moved.now, moved)));
  };

  return async (request: DashboardRequest): Promise<DashboardResponse> => {
    const route = `${request.method} ${request.path}`;
    try {
      switch (route) {
        case 'GET /':
        case 'HEAD /':
          return await show(request.rawQueryString, request.method);
        case 'GET /_dashboard/style.css':
          return {
            status: 200,
            headers: { 'content-type': 'text/css; charset=utf-8', ...securityHeaders },
            body: stylesheet,
          };
        case 'POST /_dashboard/replay':
          return await replay(new URLSearchParams(request.body));
        case 'POST /_dashboard/clock':
          return await advance(new URLSearchParams(request.body));
        default:
          return refused(404, 'Not found', `The dashboard has no ${request.method} ${request.path}.`);
      }
    } catch (error) {
      if (error instanceof BadRequest) return refused(400, 'Bad request', error.message);
      throw error;
    }
  };
};

export type DashboardHandler = ReturnType<typeof createDashboard>;
