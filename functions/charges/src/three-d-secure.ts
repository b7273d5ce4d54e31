import { PinError, presentCharge } from '@wattle/domain';
import { completeThreeDSecure, sessionPayment, verifyThreeDSecure } from '@wattle/flows';
import { escapeHtml, htmlPage, type RouteHandler, redirect, resource, scopeOf } from '@wattle/http';
import type { ChargesDeps } from './deps.ts';

/**
 * GET /1/three_d_secure/{session}: the simulated issuer page the payer is sent to. It shows what
 * is being paid and lets the payer authenticate or fail, as a bank's challenge page would.
 */
export const issuerPage: RouteHandler<ChargesDeps> = async (request, deps) => {
  const { payment } = await sessionPayment(deps, request.params.session_token!);
  const amount = `${(payment.amount / 100).toFixed(2)} ${escapeHtml(payment.currency)}`;
  // The base URL comes from request headers (Host, X-Forwarded-Proto): text like any other here.
  const action = escapeHtml(
    `${request.baseUrl}/1/three_d_secure/${encodeURIComponent(request.params.session_token!)}`,
  );
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
  );
};

/** POST /1/three_d_secure/{session}: the payer's answer; back to the merchant's callback_url. */
export const issuerAnswer: RouteHandler<ChargesDeps> = async (request, deps) => {
  const authenticated = request.body.result === 'authenticated';
  if (!authenticated && request.body.result !== 'failed') {
    throw new PinError('invalid_resource', {
      messages: [
        { param: 'result', code: 'result_invalid', message: 'Result must be authenticated or failed' },
      ],
    });
  }
  const session = request.params.session_token!;
  const { callbackUrl } = await completeThreeDSecure(deps, session, authenticated);
  const back = new URL(callbackUrl);
  back.searchParams.set('session_token', session);
  return redirect(back.toString());
};

/** GET /charges/verify?session_token=: the charge behind a session (live environment only). */
export const verifyCharge: RouteHandler<ChargesDeps> = async (request, deps) => {
  const charge = await verifyThreeDSecure(deps, scopeOf(request), request.query.session_token);
  return resource(200, presentCharge(charge, deps.clock.now(), { withoutTransfer: true }));
};
