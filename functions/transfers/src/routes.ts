import { presentLineItem, presentTransfer, transferCurrency } from '@wattle/domain';
import {
  createTransfer,
  getTransfer,
  listTransferLineItems,
  listTransfers,
  transfersBetween,
} from '@wattle/flows';
import {
  integer,
  listOf,
  pageOf,
  type RouteHandler,
  requiredText,
  resource,
  scopeOf,
  search,
  tokenField,
  validate,
} from '@wattle/http';
import * as v from 'valibot';

/** POST /transfers (PIN-REFERENCE §4.8): AUD only, to a recipient or to `self`. */
const createSchema = v.object({
  description: requiredText(),
  amount: v.pipe(integer(), v.minValue(0, 'must be at least 0')),
  currency: v.pipe(
    requiredText(3),
    v.toUpperCase(),
    v.check((currency) => currency === transferCurrency, `must be ${transferCurrency}`),
  ),
  recipient: tokenField(),
});

export const createTransferRoute: RouteHandler = async (request, deps) => {
  const { description, amount, recipient } = validate(createSchema, request.body);
  const transfer = await createTransfer(deps, scopeOf(request), { description, amount, recipient });
  return resource(201, presentTransfer(transfer));
};

export const getTransferRoute: RouteHandler = async (request, deps) =>
  resource(200, presentTransfer(await getTransfer(deps, scopeOf(request), request.params.transfer_token!)));

export const listTransfersRoute: RouteHandler = async (request, deps) => {
  const page = pageOf(request.query);
  return listOf('full', page, await listTransfers(deps, scopeOf(request), page), presentTransfer);
};

/** GET /transfers/search: as GET /charges/search, over transfers. */
export const searchTransfers: RouteHandler = async (request, deps) => {
  const scope = scopeOf(request);
  const { page, ...found } = await search(request.query, (from, to, limit) =>
    transfersBetween(deps, scope, from, to, limit),
  );
  return listOf('full', page, found, presentTransfer);
};

/** GET /transfers/{token}/line_items: the charges it paid out (and its fee), in payout order. */
export const listLineItems: RouteHandler = async (request, deps) => {
  const page = pageOf(request.query);
  const items = await listTransferLineItems(deps, scopeOf(request), request.params.transfer_token!, page);
  return listOf('full', page, items, presentLineItem);
};
