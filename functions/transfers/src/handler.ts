import { apiHandler } from '@wattle/http';
import { transfersRoutes } from '@wattle/routes/table/transfers';
import { transfersDeps } from './deps.ts';
import {
  createTransferRoute,
  getTransferRoute,
  listLineItems,
  listTransfersRoute,
  searchTransfers,
} from './routes.ts';

export const handler = apiHandler('transfers', transfersRoutes, transfersDeps, {
  'POST /1/transfers': createTransferRoute,
  'GET /1/transfers': listTransfersRoute,
  'GET /1/transfers/search': searchTransfers,
  'GET /1/transfers/{transfer_token}': getTransferRoute,
  'GET /1/transfers/{transfer_token}/line_items': listLineItems,
});
