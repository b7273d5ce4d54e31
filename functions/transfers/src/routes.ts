import { PinError, presentLineItem, presentTransfer, type Transfer, transferCurrency } from '@wattle/domain';
import {
  type ApiRequest,
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
import * as payments from '@wattle/payments';
import type { RuntimeDeps } from '@wattle/runtime';
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

export const createTransfer: RouteHandler = async (request, deps) => {
  const input = validate(createSchema, request.body);
  const transfer = await payments.createTransfer(deps, scopeOf(request), input);
  return resource(201, presentTransfer(transfer));
};

const load = async (request: ApiRequest, { store }: RuntimeDeps): Promise<Transfer> => {
  const transfer = await store.transfers.get(scopeOf(request), request.params.transfer_token!);
  if (!transfer) throw new PinError('not_found');
  return transfer;
};

export const getTransfer: RouteHandler = async (request, deps) =>
  resource(200, presentTransfer(await load(request, deps)));

export const listTransfers: RouteHandler = async (request, { store }) => {
  const page = pageOf(request.query);
  return listOf('full', page, await store.transfers.list(scopeOf(request), page), presentTransfer);
};

/** GET /transfers/search: as GET /charges/search, over transfers. */
export const searchTransfers: RouteHandler = async (request, { store }) => {
  const scope = scopeOf(request);
  const { page, ...found } = await search(request.query, (from, to, limit) =>
    store.transfers.between(scope, from, to, limit),
  );
  return listOf('full', page, found, presentTransfer);
};

/** GET /transfers/{token}/line_items: the charges it paid out (and its fee), in payout order. */
export const listLineItems: RouteHandler = async (request, deps) => {
  const transfer = await load(request, deps);
  const page = pageOf(request.query);
  return listOf(
    'full',
    page,
    await deps.store.transfers.lineItems(scopeOf(request), transfer, page),
    presentLineItem,
  );
};
