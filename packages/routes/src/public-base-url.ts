import type { FunctionName } from './route.ts';

/**
 * The environment variable that gives a function an environment's public base URL
 * (WATTLE_TEST_BASE_URL, WATTLE_LIVE_BASE_URL): the stage's URL or its custom domain in AWS, the
 * local stack's own address locally. Links to Wattle's own pages are built on it.
 */
export const publicBaseUrlVariable = (environment: 'test' | 'live'): string =>
  `WATTLE_${environment.toUpperCase()}_BASE_URL`;

/**
 * The functions that hand out links to Wattle's own pages, and so get both base URLs: charges (the
 * 3-D Secure issuer page) and subscriptions (the self-service page).
 */
export const functionsHandingOutLinks = [
  'charges',
  'subscriptions',
] as const satisfies readonly FunctionName[];
