import { parse } from 'node:querystring';
import { bodyLimits } from './body-limits.ts';
import { badRequest, type Fields } from './fields.ts';
import { nestFields } from './nest-fields.ts';

/**
 * Refuses a form with more parameters than the limit, before decoding: node:querystring (which
 * @middy/http-urlencode-body-parser uses) would silently keep only the first 1000.
 */
export const checkParameterCount = (raw: string): void => {
  let parameters = raw === '' ? 0 : 1;
  for (let at = raw.indexOf('&'); at >= 0; at = raw.indexOf('&', at + 1)) parameters++;
  if (parameters > bodyLimits.maxParameters) {
    throw badRequest(`A request may carry at most ${bodyLimits.maxParameters} parameters.`);
  }
};

/**
 * Query strings (and the local control endpoints' forms): decoded as the body parser decodes a
 * form body, then nested by brackets the same way.
 */
export const parseForm = (raw: string): Fields => {
  checkParameterCount(raw);
  return nestFields(parse(raw));
};
