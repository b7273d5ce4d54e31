import type { LoadedWebhook } from '@wattle/ports';

/** Whether a delivery attempt holds the webhook at `now` ("under way": not replayable, not attemptable). */
export const isDeliveryUnderWay = (loaded: LoadedWebhook, now: Date): boolean =>
  loaded.leasedUntil !== null && loaded.leasedUntil.getTime() > now.getTime();
