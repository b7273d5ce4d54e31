import { applePayInitiatives, isAppleValidationUrl, isDomainName, normalDomainName } from '@wattle/domain';
import { phrases, requiredText } from '@wattle/http';
import * as v from 'valibot';

/** A domain name, kept lower-case (Apple Pay verifies the host, whatever its case). */
const domainName = () =>
  v.pipe(
    requiredText(253),
    v.transform(normalDomainName),
    v.check(isDomainName, 'is not a valid domain name'),
  );

const isHttpsUrl = (text: string): boolean => {
  try {
    return new URL(text).protocol === 'https:';
  } catch {
    return false;
  }
};

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
        initiative === 'web' ? isDomainName(normalDomainName(context)) : isHttpsUrl(context),
      "is not the payment page's domain (web) or an https URL (messaging)",
    ),
    ['initiative_context'],
  ),
  v.transform((input) => ({
    validationUrl: input.validation_url,
    initiative: input.initiative,
    initiativeContext:
      input.initiative === 'web' ? normalDomainName(input.initiative_context) : input.initiative_context,
  })),
);
