import { type Environment, PinError, type Subscription } from '@wattle/domain';
import { issueSelfServiceLink, type SelfServiceView, selfServiceView, unsubscribe } from '@wattle/flows';
import { escapeHtml, htmlPage, type RouteHandler, resource, scopeOf } from '@wattle/http';
import { publicBaseUrl } from '@wattle/runtime';
import { presentSelfServiceLink } from '@wattle/wire';
import type { SubscriptionsDeps } from './deps.ts';

/** A link token as the links are made (43 URL-safe characters); anything else is unknown unread. */
const linkTokenOf = (value: unknown): string => {
  if (typeof value !== 'string' || !/^[\w-]{20,100}$/.test(value)) throw new PinError('not_found');
  return value;
};

/** The page's address: the environment's public base URL, never a request's Host or X-Forwarded-Proto. */
const pageUrl = (environment: Environment, linkToken: string): string =>
  `${publicBaseUrl(environment)}/1/subscription_self_service?link=${encodeURIComponent(linkToken)}`;

/** POST /subscriptions/{token}/self_service_link: 201 `{url, expires_at}` for the customer. */
export const issueSelfServiceLinkRoute: RouteHandler<
  SubscriptionsDeps,
  'POST /1/subscriptions/{sub_token}/self_service_link'
> = async (request, deps) => {
  const link = await issueSelfServiceLink(deps, scopeOf(request), request.params.sub_token);
  return resource(201, presentSelfServiceLink(pageUrl(request.environment, link.token), link.expiresAt));
};

const money = (amount: number, currency: string) => `${(amount / 100).toFixed(2)} ${escapeHtml(currency)}`;

const page = (title: string, body: string) =>
  htmlPage(
    200,
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body></html>`,
  );

const summary = (subscription: Subscription, planName: string) => {
  const { terms } = subscription;
  const every = `${terms.interval} ${terms.intervalUnit}${terms.interval === 1 ? '' : 's'}`;
  return `<dl>
<dt>Plan</dt><dd id="plan">${escapeHtml(planName)}: ${money(terms.amount, terms.currency)} every ${escapeHtml(every)}</dd>
<dt>State</dt><dd id="state">${escapeHtml(subscription.state)}</dd>
<dt>Next billing date</dt><dd id="next-billing-date">${escapeHtml(subscription.nextBillingDate ?? 'none')}</dd>
</dl>`;
};

/**
 * GET /subscription_self_service?link=: the customer's page for one subscription, with a cancel
 * button when the plan allows it (customer_permissions `cancel`) and the subscription still runs.
 */
export const selfServicePage: RouteHandler<SubscriptionsDeps> = async (request, deps) => {
  const linkToken = linkTokenOf(request.query.link);
  const view: SelfServiceView = await selfServiceView(deps, request.environment, linkToken);
  const action = escapeHtml(`${publicBaseUrl(request.environment)}/1/subscription_self_service`);
  const cancel = view.mayCancel
    ? `<form method="post" action="${action}"><input type="hidden" name="link" value="${escapeHtml(linkToken)}">
<button name="action" value="cancel">Cancel this subscription</button></form>`
    : '<p>Contact the merchant to change this subscription.</p>';
  return page('Your subscription', `${summary(view.subscription, view.subscription.planName)}\n${cancel}`);
};

/** POST /subscription_self_service (form `link`): the customer cancels; the page shows the result. */
export const selfServiceCancel: RouteHandler<SubscriptionsDeps> = async (request, deps) => {
  const cancelled = await unsubscribe(deps, request.environment, linkTokenOf(request.body.link));
  return page(
    'Subscription cancelled',
    `${summary(cancelled, cancelled.planName)}\n<p>You will not be billed again.</p>`,
  );
};
