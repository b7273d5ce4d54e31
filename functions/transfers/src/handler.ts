import { apiHandler } from '@wattle/http';
import { createTransferRoute } from './create-transfer.ts';
import { transfersDeps } from './deps.ts';
import { getTransferRoute, listLineItems, listTransfersRoute, searchTransfers } from './read-transfers.ts';
import { routes } from './routes.ts';

export const handler = apiHandler('transfers', routes, transfersDeps, {
  'POST /1/transfers': createTransferRoute,
  'GET /1/transfers': listTransfersRoute,
  'GET /1/transfers/search': searchTransfers,
  'GET /1/transfers/{transfer_token}': getTransferRoute,
  'GET /1/transfers/{transfer_token}/line_items': listLineItems,
});
