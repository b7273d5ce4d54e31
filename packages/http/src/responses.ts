import { declined, type PaginationShape, type Payment } from '@wattle/domain';
import { fullPaginationOf, shortPaginationOf } from '@wattle/wire';
import { type PageHeaderOptions, pageSecurityHeaders } from './page-headers.ts';

/** What a route handler returns: the status and the JSON body (none for 204). */
export interface ApiResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A body that is not JSON (the 3-D Secure issuer page), sent as it is. */
  raw?: { contentType: string; text: string };
}

/** Text safe inside HTML, attributes included. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An HTML page, with the headers every page carries (pageSecurityHeaders; `options` widen form-action). */
export const htmlPage = (status: number, text: string, options: PageHeaderOptions = {}): ApiResult => ({
  status,
  headers: pageSecurityHeaders(options),
  raw: { contentType: 'text/html; charset=utf-8', text },
});

/** Sends the browser on to `location` (303: the next request is a GET). */
export const redirect = (location: string): ApiResult => ({ status: 303, headers: { Location: location } });

/**
 * A payment just made, as POST /charges and /authorisations answer it: a decline is thrown as
 * Pin's error naming it; a processor's answer unknown is Pending (202) until the recovery job
 * resolves it, never an error a client would retry as a new payment; else 201.
 */
export const madePayment = (payment: Payment, present: (payment: Payment) => unknown): ApiResult => {
  if (payment.state === 'failed') throw declined(payment);
  return resource(payment.state === 'processing' ? 202 : 201, present(payment));
};

/** A single resource under `response`, plus top-level extras such as `ip_address`. */
export const resource = (
  status: number,
  response: unknown,
  extra: Record<string, unknown> = {},
): ApiResult => ({
  status,
  body: { response, ...extra },
});

export const noContent = (): ApiResult => ({ status: 204 });

/** A list under `response` with the pagination shape docs/api/requests.md gives it. */
export const listOf = <T>(
  shape: PaginationShape,
  page: number,
  list: { items: T[]; total: number },
  present: (item: T) => unknown,
): ApiResult => {
  const items = list.items.map(present);
  const pagination =
    shape === 'full'
      ? fullPaginationOf(page, list.total, items.length)
      : shortPaginationOf(page, list.total, items.length, shape === 'short-with-count');
  return { status: 200, body: { response: items, ...pagination } };
};
