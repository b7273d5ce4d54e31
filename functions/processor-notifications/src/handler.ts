import { processorHandler } from '@wattle/http';
import { processorNotificationsDeps } from './deps.ts';
import { receiveNotifications } from './receive-notifications.ts';
import { routes } from './routes.ts';

export const handler = processorHandler('processor-notifications', routes, processorNotificationsDeps, {
  'POST /processors/{account}/notifications': receiveNotifications,
  'POST /{account}/notifications': receiveNotifications,
});
