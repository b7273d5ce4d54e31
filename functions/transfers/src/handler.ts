import { apiHandler } from '@wattle/http';
import { transfersRoutes } from '@wattle/routes/table/transfers';
import { createTransferRoute } from './create-transfer.ts';
import { transfersDeps } from './deps.ts';
import { getTransferRoute, listLineItems, listTransfersRoute, searchTransfers } from './read-transfers.ts';

export const handler = apiHandler('transfers', transfersRoutes, transfersDeps, {
  'POST /1/transfers': createTransferRoute,
  'GET /1/transfers': listTransfersRoute,
  'GET /1/transfers/search': searchTransfers,
  'GET /1/transfers/{transfer_token}': getTransferRoute,
  'GET /1/transfers/{transfer_token}/line_items': listLineItems,
});
