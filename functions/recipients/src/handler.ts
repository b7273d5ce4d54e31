import { apiHandler } from '@wattle/http';
import { createRecipientRoute } from './create-recipient.ts';
import { deleteRecipientRoute } from './delete-recipient.ts';
import { recipientsDeps } from './deps.ts';
import { getRecipientRoute, listRecipientsRoute, listRecipientTransfersRoute } from './read-recipients.ts';
import { routes } from './routes.ts';
import { updateRecipientRoute } from './update-recipient.ts';

export const handler = apiHandler('recipients', routes, recipientsDeps, {
  'POST /1/recipients': createRecipientRoute,
  'GET /1/recipients': listRecipientsRoute,
  'GET /1/recipients/{recipient_token}': getRecipientRoute,
  'PUT /1/recipients/{recipient_token}': updateRecipientRoute,
  'DELETE /1/recipients/{recipient_token}': deleteRecipientRoute,
  'GET /1/recipients/{recipient_token}/transfers': listRecipientTransfersRoute,
});
