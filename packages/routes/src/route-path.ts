/**
 * The one rule for the path a route is matched on, which the local gateway (before it picks the
 * function) and each function (before its router picks the route) both apply, so that they cannot
 * disagree on a path: a run of slashes counts as one (`/test//1/cards`, as a client joining a base
 * URL ending in `/` to a path starting with `/` sends it), a trailing slash is ignored, and the
 * stage's prefix (`/test`, `/live`) is taken off when the path starts with it. Percent-encoding is
 * left as it came: a path parameter is decoded once it is matched, a literal segment never is.
 */

/** The path with every run of slashes made one and no trailing slash (`/` stays `/`). */
export const normalisePath = (path: string): string => {
  const single = path.replace(/\/{2,}/g, '/');
  if (single === '' || single === '/') return '/';
  const rooted = single.startsWith('/') ? single : `/${single}`;
  return rooted.endsWith('/') ? rooted.slice(0, -1) : rooted;
};

/** The first segment of a path once normalised (`test` for `//test//1/cards`), or `''`. */
export const firstSegment = (path: string): string => normalisePath(path).split('/')[1] ?? '';

/**
 * The path relative to `stage`, as the route table writes paths: normalised, and without `/<stage>`
 * when it starts with it (API Gateway's own host). On a custom domain mapped to the stage the path
 * has no prefix and stays as it is; another stage's name is a segment like any other.
 */
export const pathWithinStage = (path: string, stage: string): string => {
  const normal = normalisePath(path);
  const prefix = `/${stage}`;
  if (normal === prefix) return '/';
  return normal.startsWith(`${prefix}/`) ? normal.slice(prefix.length) : normal;
};
