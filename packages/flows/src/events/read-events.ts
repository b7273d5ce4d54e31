import { requestedResourceNotFound, type Scope, type WattleEvent } from '@wattle/domain';
import type { EventsStore, Page } from '@wattle/ports';

type Deps = { events: EventsStore };

/** The event as recorded, or 404 (also for another merchant's or environment's). */
export const getEvent = async ({ events }: Deps, scope: Scope, eventToken: string): Promise<WattleEvent> => {
  const event = await events.get(scope, eventToken);
  if (!event) throw requestedResourceNotFound('resource_not_found');
  return event;
};

/** Newest first. */
export const listEvents = ({ events }: Deps, scope: Scope, page: number): Promise<Page<WattleEvent>> =>
  events.list(scope, page);
