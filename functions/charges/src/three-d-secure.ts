import { type Environment, PinError, type ProcessorRedirect, presentCharge } from '@wattle/domain';
import { completeThreeDSecure, sessionPayment, verifyThreeDSecure } from '@wattle/flows';
import { escapeHtml, htmlPage, type RouteHandler, redirect, resource, scopeOf } from '@wattle/http';
import { publicBaseUrl } from '@wattle/runtime';
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
  const elsewhere = payment.processorRedirect;
  if (
    payment.state === 'pending_3ds' &&
    elsewhere &&
    elsewhere.url !== threeDSecurePageUrl(request.environment, session)
  )
    return processorPage(elsewhere);
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

/** POST /1/three_d_secure/{session}: the payer's answer; back to the merchant's callback_url. */
export const issuerAnswer: RouteHandler<ChargesDeps, 'POST /1/three_d_secure/{session_token}'> = async (
  request,
  deps,
) => {
  const authenticated = request.body.result === 'authenticated';
  if (!authenticated && request.body.result !== 'failed') {
    throw new PinError('invalid_resource', {
      messages: [
        { param: 'result', code: 'result_invalid', message: 'Result must be authenticated or failed' },
      ],
    });
  }
  const session = request.params.session_token;
  // The simulated issuer's return, in the simulator's terms (its `authentication` field).
  const returned = { authentication: authenticated ? 'succeeded' : 'failed' };
  const { callbackUrl } = await completeThreeDSecure(
    deps,
    request.environment,
    session,
    authenticated,
    returned,
  );
  const back = new URL(callbackUrl);
  back.searchParams.set('session_token', session);
  return redirect(back.toString());
};

/** GET /charges/verify?session_token=: the charge behind a session (live environment only). */
export const verifyCharge: RouteHandler<ChargesDeps> = async (request, deps) => {
  const charge = await verifyThreeDSecure(deps, scopeOf(request), request.query.session_token);
  return resource(200, presentCharge(charge, deps.clock.now(), { withoutTransfer: true }));
};
