import { type Environment, type Payment, PinError, type ProcessorRedirect } from '@wattle/domain';
import { completeThreeDSecure, sessionPayment, verifyThreeDSecure } from '@wattle/flows';
import { escapeHtml, htmlPage, type RouteHandler, redirect, resource, scopeOf } from '@wattle/http';
import { publicBaseUrl } from '@wattle/runtime';
import { presentCharge } from '@wattle/wire';
import type { ChargesDeps } from './deps.ts';

/** Where the payer is sent for a session: the environment's public base URL, never a request's headers. */
export const threeDSecurePageUrl = (environment: Environment, sessionToken: string): string =>
  `${publicBaseUrl(environment)}/1/three_d_secure/${encodeURIComponent(sessionToken)}`;

/**
 * Sends the payer on to the processor's 3-D Secure page when it is another site's: a GET with
 * its fields in the query, or a POST of them by a form the page submits at once.
 */
const processorPage = (page: ProcessorRedirect) => {
  if (page.method === 'GET') {
    const url = new URL(page.url);
    for (const [name, value] of Object.entries(page.data)) url.searchParams.set(name, value);
    return redirect(url.toString());
  }
  const fields = Object.entries(page.data)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return htmlPage(
    200,
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>3-D Secure</title></head>
<body onload="document.forms[0].submit()">
<form method="post" action="${escapeHtml(page.url)}">${fields}<button>Continue to your bank</button></form>
</body></html>`,
    { formActions: [new URL(page.url).origin] },
  );
};

/**
 * GET /1/three_d_secure/{session}: where the payer is sent. A processor running 3-D Secure on a
 * page of its own sends the payer on there (processorPage). Otherwise it is the simulated issuer
 * page: it shows what is being paid and lets the payer authenticate or fail, as a bank's
 * challenge page would.
 */
export const issuerPage: RouteHandler<ChargesDeps, 'GET /1/three_d_secure/{session_token}'> = async (
  request,
  deps,
) => {
  const session = request.params.session_token;
  const { payment } = await sessionPayment(deps, request.environment, session);
  if (runsElsewhere(payment, request.environment, session)) {
    const returned = textFields(request.query);
    // Back from the processor's page with what it returned: the processor completes the charge.
    if (Object.keys(returned).length > 0) return backToMerchant(deps, request.environment, session, returned);
    return processorPage(payment.processorRedirect!);
  }
  const amount = `${(payment.amount / 100).toFixed(2)} ${escapeHtml(payment.currency)}`;
  const action = escapeHtml(threeDSecurePageUrl(request.environment, session));
  // The answer's 303 goes on to the merchant's callback, which the form's policy must allow.
  const callback = URL.parse(payment.threeDSecure!.callbackUrl)?.origin;
  return htmlPage(
    200,
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>3-D Secure (simulated issuer)</title></head>
<body>
<h1>Verify your payment</h1>
<p>${escapeHtml(payment.description)}: ${amount}, card ${escapeHtml(payment.card.displayNumber)}.</p>
<p>This is Wattle's simulated issuer page. Choose how the issuer answers.</p>
<form method="post" action="${action}"><button name="result" value="authenticated">Authenticate</button>
<button name="result" value="failed">Fail authentication</button></form>
</body></html>`,
    { formActions: callback ? [callback] : [] },
  );
};

/** Whether the charge's 3-D Secure runs on the processor's own page, another site than this one. */
const runsElsewhere = (payment: Payment, environment: Environment, session: string): boolean =>
  payment.state === 'pending_3ds' &&
  payment.processorRedirect !== undefined &&
  payment.processorRedirect.url !== threeDSecurePageUrl(environment, session);

/** The text fields of a query or form (what a processor's return carries), as given. */
const textFields = (fields: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );

/**
 * Completes the charge with the payer's answer and what their return carried, and sends them to
 * the merchant's callback_url with the session. From the processor's page, the processor judges
 * the authentication by what was returned.
 */
const backToMerchant = async (
  deps: ChargesDeps,
  environment: Environment,
  session: string,
  returned: Record<string, string>,
  authenticated = true,
) => {
  const { callbackUrl } = await completeThreeDSecure(deps, environment, session, authenticated, returned);
  const back = new URL(callbackUrl);
  back.searchParams.set('session_token', session);
  return redirect(back.toString());
};

/**
 * POST /1/three_d_secure/{session}: the payer's answer at the simulated issuer page, or their
 * return from the processor's page by POST; back to the merchant's callback_url either way.
 */
export const issuerAnswer: RouteHandler<ChargesDeps, 'POST /1/three_d_secure/{session_token}'> = async (
  request,
  deps,
) => {
  const session = request.params.session_token;
  // No answer of the simulated issuer's: maybe the payer's return from the processor's page, which
  // only the charge tells (the answer's own check comes first otherwise: decision 21).
  if (request.body.result === undefined) {
    const { payment } = await sessionPayment(deps, request.environment, session);
    if (runsElsewhere(payment, request.environment, session))
      return backToMerchant(deps, request.environment, session, textFields(request.body));
  }
  const authenticated = request.body.result === 'authenticated';
  if (!authenticated && request.body.result !== 'failed') {
    throw new PinError('invalid_resource', {
      messages: [
        { param: 'result', code: 'result_invalid', message: 'Result must be authenticated or failed' },
      ],
    });
  }
  // The simulated issuer's return, in the simulator's terms (its `authentication` field).
  const returned = { authentication: authenticated ? 'succeeded' : 'failed' };
  return backToMerchant(deps, request.environment, session, returned, authenticated);
};

/** GET /charges/verify?session_token=: the charge behind a session (live environment only). */
export const verifyCharge: RouteHandler<ChargesDeps> = async (request, deps) => {
  const charge = await verifyThreeDSecure(deps, scopeOf(request), request.query.session_token);
  return resource(200, presentCharge(charge, deps.clock.now(), { withoutTransfer: true }));
};
