import { apiHandler } from '@wattle/http';
import { recipientsRoutes } from '@wattle/routes/table/recipients';
import { recipientsDeps } from './deps.ts';
import {
  createRecipientRoute,
  deleteRecipientRoute,
  getRecipientRoute,
  listRecipientsRoute,
  listRecipientTransfersRoute,
  updateRecipientRoute,
} from './routes.ts';

export const handler = apiHandler('recipients', recipientsRoutes, recipientsDeps, {
  'POST /1/recipients': createRecipientRoute,
  'GET /1/recipients': listRecipientsRoute,
  'GET /1/recipients/{recipient_token}': getRecipientRoute,
  'PUT /1/recipients/{recipient_token}': updateRecipientRoute,
  'DELETE /1/recipients/{recipient_token}': deleteRecipientRoute,
  'GET /1/recipients/{recipient_token}/transfers': listRecipientTransfersRoute,
});
