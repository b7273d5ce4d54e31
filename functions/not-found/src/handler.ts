import { PinError } from '@wattle/domain';
import { apiHandler } from '@wattle/http';

/** API Gateway's `$default` route: every path or method no route matches gets Pin's 404. */
export const handler = apiHandler({
  $default: async () => {
    throw new PinError('not_found');
  },
});
