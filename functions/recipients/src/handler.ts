import { apiHandler } from '@wattle/http';
import {
  createRecipient,
  deleteRecipient,
  getRecipient,
  listRecipients,
  listRecipientTransfers,
  updateRecipient,
} from './routes.ts';

export const handler = apiHandler('recipients', {
  'POST /1/recipients': createRecipient,
  'GET /1/recipients': listRecipients,
  'GET /1/recipients/{recipient_token}': getRecipient,
  'PUT /1/recipients/{recipient_token}': updateRecipient,
  'DELETE /1/recipients/{recipient_token}': deleteRecipient,
  'GET /1/recipients/{recipient_token}/transfers': listRecipientTransfers,
});
