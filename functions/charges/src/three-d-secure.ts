import { type Environment, PinError, presentCharge } from '@wattle/domain';
import { completeThreeDSecure, sessionPayment, verifyThreeDSecure } from '@wattle/flows';
import { escapeHtml, htmlPage, type RouteHandler, redirect, resource, scopeOf } from '@wattle/http';
import { publicBaseUrl } from '@wattle/runtime';
import type { ChargesDeps } from './deps.ts';

/** Where the payer is sent for a session: the environment's public base URL, never a request's headers. */
export const threeDSecurePageUrl = (environment: Environment, sessionToken: string): string =>
  `${publicBaseUrl(environment)}/1/three_d_secure/${encodeURIComponent(sessionToken)}`;

/**
 * GET /1/three_d_secure/{session}: the simulated issuer page the payer is sent to. It shows what
 * is being paid and lets the payer authenticate or fail, as a bank's challenge page would.
 */
export const issuerPage: RouteHandler<ChargesDeps, 'GET /1/three_d_secure/{session_token}'> = async (
  request,
  deps,
) => {
  const session = request.params.session_token;
  const { payment } = await sessionPayment(deps, request.environment, session);
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
  const { callbackUrl } = await completeThreeDSecure(deps, request.environment, session, authenticated);
  const back = new URL(callbackUrl);
  back.searchParams.set('session_token', session);
  return redirect(back.toString());
};

/** GET /charges/verify?session_token=: the charge behind a session (live environment only). */
export const verifyCharge: RouteHandler<ChargesDeps> = async (request, deps) => {
  const charge = await verifyThreeDSecure(deps, scopeOf(request), request.query.session_token);
  return resource(200, presentCharge(charge, deps.clock.now(), { withoutTransfer: true }));
};
