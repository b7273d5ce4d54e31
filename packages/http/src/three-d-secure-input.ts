import type { ThreeDSecureAsk } from '@wattle/domain';
import * as v from 'valibot';
import { booleanField, requiredText } from './validation.ts';

/** An http or https address; a `javascript:` or `data:` one would run where the payer is sent back. */
const isWebUrl = (url: string): boolean => {
  const protocol = URL.parse(url)?.protocol;
  return protocol === 'http:' || protocol === 'https:';
};

/** Where the payer comes back to after the issuer page (the 303's Location). */
const callbackUrlField = () =>
  v.pipe(requiredText(2000), v.url('is not a valid URL'), v.check(isWebUrl, 'must be an http or https URL'));

/** `three_d_secure`: Wattle runs 3-D Secure and sends the payer to the issuer page. */
export const threeDSecureSchema = v.pipe(
  v.object(
    {
      enabled: booleanField(),
      callback_url: callbackUrlField(),
      fallback_ok: v.optional(booleanField(), false),
    },
    'is invalid',
  ),
  v.transform(
    (input): ThreeDSecureAsk => ({
      enabled: input.enabled,
      callbackUrl: input.callback_url,
      fallbackOk: input.fallback_ok,
    }),
  ),
);
