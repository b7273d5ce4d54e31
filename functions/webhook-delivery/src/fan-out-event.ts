import { fanOutEvent as fanOut } from '@wattle/flows';
import type { ScopedEvent } from '@wattle/ports';
import type { DeliveryDeps } from './deps.ts';

/** A message of the events queue (a stream record, parsed): the event's webhooks and their requests. */
export const fanOutEvent = (event: ScopedEvent, deps: DeliveryDeps): Promise<void> => fanOut(deps, event);
