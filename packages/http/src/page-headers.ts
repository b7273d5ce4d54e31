/**
 * The headers of every HTML page Wattle serves (the local dashboard, the 3-D Secure issuer page,
 * the subscription self-service page): one definition, so that a page added later is framed,
 * scripted and referred as little as these are.
 *
 * - `Content-Security-Policy`: nothing runs and nothing loads from elsewhere (`default-src 'none'`;
 *   a stylesheet and images of the page's own origin only); forms post to the page's own origin
 *   only (`form-action`, plus the origins a page names: the issuer page's 303 goes on to the
 *   merchant's callback, and a browser checks a form's redirects against form-action too); no
 *   page may frame it (`frame-ancestors 'none'`), so nobody holding a link can lay it under their
 *   own page and trick a click on "Cancel this subscription" or "Authenticate"; and no `<base>`
 *   may move its relative URLs.
 * - `X-Frame-Options: DENY`: the same refusal to be framed, for browsers older than
 *   frame-ancestors.
 * - `Referrer-Policy`: `no-referrer` by default, so the page's URL (a self-service link is a
 *   bearer secret) never leaves in a Referer header.
 */
export interface PageHeaderOptions {
  /** Origins a form of the page may also post or be redirected to (`https://shop.example`). */
  formActions?: readonly string[];
  /**
   * `same-origin` for a page whose forms go to an endpoint that checks Origin (the dashboard's):
   * with `no-referrer` a browser sends `Origin: null` on a form's POST.
   */
  referrerPolicy?: 'no-referrer' | 'same-origin';
}

/** A source a CSP can hold: scheme, host and port, nothing that could end or add a directive. */
const isPlainOrigin = (origin: string): boolean =>
  /^https?:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d+)?$/i.test(origin);

export const pageSecurityHeaders = (options: PageHeaderOptions = {}): Record<string, string> => {
  const formActions = ["'self'", ...(options.formActions ?? []).filter(isPlainOrigin)];
  return {
    'Content-Security-Policy': [
      "default-src 'none'",
      "style-src 'self'",
      "img-src 'self'",
      `form-action ${formActions.join(' ')}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': options.referrerPolicy ?? 'no-referrer',
  };
};
