import { createTransfer } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { createTransferSchema, presentTransfer, validate } from '@wattle/wire';
import type { TransfersDeps } from './deps.ts';

export const createTransferRoute: RouteHandler<TransfersDeps> = async (request, deps) => {
  const { description, amount, recipient } = validate(createTransferSchema, request.body);
  const transfer = await createTransfer(deps, scopeOf(request), { description, amount, recipient });
  return resource(201, presentTransfer(transfer));
};
