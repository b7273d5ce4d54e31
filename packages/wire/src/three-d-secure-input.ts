import {
  isCryptogram,
  isEci,
  maxCryptogramLength,
  type ThreeDSecureAsk,
  type ThreeDSecurePassThrough,
} from '@wattle/domain';
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

/** The redirect form: Wattle runs 3-D Secure and sends the payer to the issuer page. */
const redirectSchema = () =>
  v.pipe(
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

const passThroughNames = ['version', 'eci', 'cavv', 'transaction_id'] as const;
const redirectNames = ['enabled', 'callback_url', 'fallback_ok'] as const;

/** A redirect-form parameter sent beside the pass-through ones: one form or the other. */
const notWithPassThrough = () =>
  v.optional(
    v.never('cannot be given together with version, eci, cavv and transaction_id (one form or the other)'),
  );

/**
 * The pass-through form: the merchant's own 3-D Secure server authenticated the payer. Version
 * 1.x.y or 2.x.y; the ECI two digits; the CAVV base64 (padded or not) or hex; the transaction id
 * (the XID for version 1, the Directory Server's for version 2) as clients send either: a UUID,
 * base64 or hex. Wattle records them and passes them on; whether they hold is the scheme's call.
 */
const passThroughSchema = () =>
  v.pipe(
    v.object(
      {
        version: v.pipe(
          requiredText(16),
          v.regex(/^[12]\.\d{1,2}\.\d{1,2}$/, 'must be a 3-D Secure version such as 2.2.0'),
        ),
        eci: v.pipe(requiredText(2), v.check(isEci, 'must be two digits from 00 to 07')),
        cavv: v.pipe(requiredText(maxCryptogramLength), v.check(isCryptogram, 'must be base64 or hex')),
        transaction_id: v.pipe(requiredText(64), v.regex(/^[A-Za-z0-9+/=_-]+$/, 'is invalid')),
        ...Object.fromEntries(redirectNames.map((name) => [name, notWithPassThrough()])),
      },
      'is invalid',
    ),
    v.transform(
      (input): ThreeDSecurePassThrough => ({
        version: input.version,
        eci: input.eci,
        cavv: input.cavv,
        transactionId: input.transaction_id,
      }),
    ),
  );

/** Any pass-through parameter makes it the pass-through form, so a mix is named, not ignored. */
const isPassThroughInput = (input: unknown): boolean =>
  typeof input === 'object' &&
  input !== null &&
  passThroughNames.some((name) => (input as Record<string, unknown>)[name] !== undefined);

/**
 * Both forms' schemas, built at the first request that sends `three_d_secure` rather than when
 * the charges bundle is imported: most charges carry none, and a cold start pays for each pipe built.
 */
let forms:
  | { passThrough: ReturnType<typeof passThroughSchema>; redirect: ReturnType<typeof redirectSchema> }
  | undefined;

/** `three_d_secure` (docs/api/cookbook/three-d-secure.md): the redirect form or the pass-through form. */
export const threeDSecureSchema = v.lazy((input) => {
  forms ??= { passThrough: passThroughSchema(), redirect: redirectSchema() };
  return isPassThroughInput(input) ? forms.passThrough : forms.redirect;
});
