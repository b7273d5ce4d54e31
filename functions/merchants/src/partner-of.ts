import { PinError } from '@wattle/domain';
import type { ApiRequest } from '@wattle/http';

/** The partner whose key made the request: only a partner key reads or refers merchants (401). */
export const partnerOf = (request: ApiRequest): string => {
  if (request.grant?.kind !== 'partner') throw new PinError('unauthorized');
  return request.grant.accountId;
};
