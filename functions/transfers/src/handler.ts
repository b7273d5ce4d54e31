import { apiHandler } from '@wattle/http';
import { createTransfer, getTransfer, listLineItems, listTransfers, searchTransfers } from './routes.ts';

export const handler = apiHandler('transfers', {
  'POST /1/transfers': createTransfer,
  'GET /1/transfers': listTransfers,
  'GET /1/transfers/search': searchTransfers,
  'GET /1/transfers/{transfer_token}': getTransfer,
  'GET /1/transfers/{transfer_token}/line_items': listLineItems,
});
