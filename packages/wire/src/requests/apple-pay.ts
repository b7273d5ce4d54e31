import {
  applePayInitiatives,
  isAppleValidationUrl,
  isDomainName,
  messagingHostOf,
  normalDomainName,
  plainHttpsUrl,
} from '@wattle/domain';
import * as v from 'valibot';
import { phrases, requiredText } from '../validation.ts';

/** A domain name, kept lower-case (Apple Pay verifies the host, whatever its case). */
const domainName = () =>
  v.pipe(
    requiredText(253),
    v.transform(normalDomainName),
    v.check(isDomainName, 'is not a valid domain name'),
  );

export const registerDomainSchema = v.object({ domain_name: domainName() });

export const hostCheckSchema = v.object({ domain_name: domainName() });

export const createSessionSchema = v.pipe(
  v.object({
    validation_url: v.pipe(
      requiredText(2000),
      v.check(isAppleValidationUrl, "is not an https URL of Apple's payment gateway"),
    ),
    initiative: v.pipe(requiredText(20), v.picklist(applePayInitiatives, phrases.invalid)),
    initiative_context: requiredText(2000),
  }),
  // The context is the page's domain for a web session, the merchant's https URL for Messages.
  v.forward(
    v.check(
      ({ initiative, initiative_context: context }) =>
        initiative === 'web' ? isDomainName(normalDomainName(context)) : messagingHostOf(context) !== null,
      "is not the payment page's domain (web) or an https URL on a domain name (messaging)",
    ),
    ['initiative_context'],
  ),
  // Each URL as re-serialised: what was checked is what is used.
  v.transform((input) => ({
    validationUrl: plainHttpsUrl(input.validation_url)!.href,
    initiative: input.initiative,
    initiativeContext:
      input.initiative === 'web'
        ? normalDomainName(input.initiative_context)
        : plainHttpsUrl(input.initiative_context)!.href,
  })),
);
