import { isEnvironment } from '@wattle/domain';
import { type Route, routeKey } from '@wattle/routes';
import type { MetricsRecorder } from '@wattle/routes/metrics';
import type { Context } from 'aws-lambda';
import { header } from './header.ts';
import { writtenBodyOf } from './middlewares/json-response.ts';
import type { ApiEvent, ApiResponse } from './middlewares/types.ts';

/** The routes whose answers are counted by outcome, and the metric each is counted in. */
const countedRoutes: Partial<Record<string, 'Charges' | 'Refunds'>> = {
  'POST /1/charges': 'Charges',
  'POST /1/charges/{charge_token}/refunds': 'Refunds',
};

type Body = {
  response?: { success?: boolean | null; status_message?: string; redirect_url?: unknown };
  charge_token?: unknown;
};

/** The answer's body: the value it was written from when this invocation wrote it, else its text parsed. */
const bodyOf = (response: ApiResponse): Body => {
  const written = writtenBodyOf(response);
  if (written !== undefined) return written as Body;
  try {
    return typeof response.body === 'string' ? (JSON.parse(response.body) as Body) : {};
  } catch {
    return {};
  }
};

/**
 * What the merchant was told, as the answer shows it: `succeeded`, `pending` (an outcome not known
 * yet, the processor's answer unknown or to come: never reported as failed), `action_required`
 * (3-D Secure's redirect, its 202 naming the page), `declined` (Pin's
 * decline, which names the charge), `failed` (a refund the processor refused), `refused` (any
 * other 4xx: the request's own fault) or `error` (5xx).
 */
export const answeredOutcome = (response: ApiResponse): string => {
  const status = response.statusCode ?? 200;
  if (status >= 500) return 'error';
  const body = bodyOf(response);
  if (status >= 400) return body.charge_token === undefined ? 'refused' : 'declined';
  if (body.response?.redirect_url !== undefined) return 'action_required';
  const message = body.response?.status_message;
  if (message === 'Pending') return 'pending';
  if (body.response?.success === true || message === 'Success') return 'succeeded';
  return 'failed';
};

type RouteCall = (event: ApiEvent, context: Context) => Promise<ApiResponse>;

/**
 * A route's chain, its answer measured: a write answered from its Idempotency-Key
 * (IdempotentReplays; not counted again by outcome), and a charge's or refund's outcome (Charges,
 * Refunds). Around the route's chain, not inside it: a replay answers before the chain's `after`.
 * Every other route is its chain as is.
 */
export const measuredRoute = (route: Route, chain: RouteCall, metrics: MetricsRecorder): RouteCall => {
  const counted = countedRoutes[routeKey(route)];
  if (route.method === 'GET') return chain;
  return async (event, context) => {
    const response = await chain(event, context);
    const stage = event.requestContext?.stage;
    const environment = isEnvironment(stage) ? stage : 'unknown';
    if (header(response.headers as Record<string, string | undefined>, 'idempotent-replayed') === 'true')
      metrics.record('IdempotentReplays', 1, { Environment: environment });
    else if (counted)
      metrics.record(counted, 1, { Environment: environment, Outcome: answeredOutcome(response) });
    return response;
  };
};
