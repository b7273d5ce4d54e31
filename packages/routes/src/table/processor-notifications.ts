import type { Route } from '../route.ts';

/**
 * The processor-notifications function's route: Adyen's standard webhooks, at the URL set in
 * Adyen's Customer Area (`<live base URL>/adyen/notifications`). Outside Pin's `/1` API: Adyen
 * signs each notification (HMAC), and a stage whose processor is not Adyen answers 404.
 */
export const processorNotificationsRoutes = [
  {
    method: 'POST',
    path: '/adyen/notifications',
    fn: 'processor-notifications',
    auth: 'none',
    caller: 'processor',
  },
] as const satisfies readonly Route[];
