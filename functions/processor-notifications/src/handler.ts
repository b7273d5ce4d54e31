import { processorHandler } from '@wattle/http';
import { processorNotificationsRoutes } from '@wattle/routes/table/processor-notifications';
import { processorNotificationsDeps } from './deps.ts';
import { receiveNotifications } from './receive-notifications.ts';

export const handler = processorHandler(
  'processor-notifications',
  processorNotificationsRoutes,
  processorNotificationsDeps,
  {
    'POST /processors/{account}/notifications': receiveNotifications,
    'POST /{account}/notifications': receiveNotifications,
  },
);
