import type { Environment } from '@wattle/domain';
import type { DashboardAccount } from './accounts.ts';
import { type Html, html, query } from './html.ts';
import { resourceViews } from './resources.ts';

/** Who and what a page shows: the picked account and environment, and the view. */
export interface PageContext {
  accounts: DashboardAccount[];
  account: DashboardAccount;
  environment: Environment;
  view: string;
}

const views = [
  { name: 'events', title: 'Events' },
  { name: 'deliveries', title: 'Webhook deliveries' },
  ...resourceViews.map(({ name, title }) => ({ name, title })),
  { name: 'clock', title: 'Clock' },
];

export const viewNames = views.map((view) => view.name);

/** A link to `view` for the page's account and environment, with more parameters. */
export const viewLink = (
  context: Pick<PageContext, 'account' | 'environment'>,
  view: string,
  more: Record<string, string | number | undefined> = {},
): string => `/${query({ account: context.account.accountId, env: context.environment, view, ...more })}`;

/** The hidden fields that carry the account and environment through a form. */
export const scopeFields = (context: Pick<PageContext, 'account' | 'environment'>): Html =>
  html`<input type="hidden" name="account" value="${context.account.accountId}"><input type="hidden" name="env" value="${context.environment}">`;

const picker = (context: PageContext): Html => html`<form class="picker" method="get" action="/">
<label>Account <select name="account">${context.accounts.map(
  (account) =>
    html`<option value="${account.accountId}"${account.accountId === context.account.accountId ? html` selected` : ''}>${account.name} (${account.accountId})</option>`,
)}</select></label>
<label>Environment <select name="env">${(['test', 'live'] as const).map(
  (environment) =>
    html`<option value="${environment}"${environment === context.environment ? html` selected` : ''}>${environment}</option>`,
)}</select></label>
<input type="hidden" name="view" value="${context.view}">
<button type="submit">Show</button>
</form>`;

const nav = (context: PageContext): Html =>
  html`<nav>${views.map(
    (view) =>
      html`<a href="${viewLink(context, view.name)}"${view.name === context.view ? html` aria-current="page"` : ''}>${view.title}</a>`,
  )}</nav>`;

/** The whole page: header with the picker and the nav, then the view's content. */
export const layout = (context: PageContext, content: Html): Html => {
  const title = views.find((view) => view.name === context.view)?.title ?? 'Dashboard';
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Wattle dashboard</title><link rel="stylesheet" href="/_dashboard/style.css"></head>
<body><header><h1>Wattle <span>local dashboard</span></h1>${picker(context)}</header>
${nav(context)}
<main><h2>${title} <small>${context.account.name} · ${context.environment}</small></h2>
${content}</main></body></html>`;
};

/** A page with only a message: no account to show, or a bad request. */
export const messagePage = (title: string, message: string): Html => html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} · Wattle dashboard</title>
<link rel="stylesheet" href="/_dashboard/style.css"></head>
<body><header><h1>Wattle <span>local dashboard</span></h1></header>
<main><h2>${title}</h2><p class="error">${message}</p><p><a href="/">Back to the dashboard</a></p></main></body></html>`;

/** Pretty JSON in a collapsible block. */
export const jsonBlock = (summary: string, value: unknown): Html =>
  html`<details><summary>${summary}</summary><pre>${JSON.stringify(value, null, 2)}</pre></details>`;

/** Previous and next links of a list page. */
export const pager = (
  context: PageContext,
  page: number,
  hasNext: boolean,
  more: Record<string, string | undefined> = {},
): Html =>
  html`<p class="pager">${page > 1 ? html`<a href="${viewLink(context, context.view, { ...more, page: page - 1 })}">← Newer</a>` : ''} <span>page ${page}</span> ${hasNext ? html`<a href="${viewLink(context, context.view, { ...more, page: page + 1 })}">Older →</a>` : ''}</p>`;
