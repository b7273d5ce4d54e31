import {
  type ApplePayInitiative,
  fieldIssue,
  invalidResource,
  type MerchantSession,
  merchantSessionLifetimeMs,
  type Scope,
} from '@wattle/domain';
import type { ApplePayDomainsStore, Clock, Secrets } from '@wattle/ports';

export interface ApplePaySessionRequest {
  validationUrl: string;
  initiative: ApplePayInitiative;
  /** For `web`, the domain the payment sheet is shown on; for `messaging`, the merchant's payment URL. */
  initiativeContext: string;
}

/**
 * POST /apple_pay/sessions, simulated: no request goes to Apple. What Apple would refuse is
 * refused here too: a session for a domain the merchant has not registered (a web session's page
 * domain, a Messages for Business session's payment URL host). The session has the shape of
 * Apple's, with made-up identifiers and signature, and expires as Apple's do.
 */
export const createApplePaySession = async (
  {
    applePayDomains,
    clock,
    secrets,
  }: { applePayDomains: ApplePayDomainsStore; clock: Clock; secrets: Secrets },
  scope: Scope,
  request: ApplePaySessionRequest,
): Promise<MerchantSession> => {
  const domainName =
    request.initiative === 'web' ? request.initiativeContext : new URL(request.initiativeContext).hostname;
  if (!(await applePayDomains.findByName(scope, domainName)))
    throw invalidResource([fieldIssue('initiative_context', 'is not a registered Apple Pay domain')]);
  const now = clock.now().getTime();
  return {
    epochTimestamp: now,
    expiresAt: now + merchantSessionLifetimeMs,
    merchantSessionIdentifier: `SSH${secrets.secret(24)}`,
    nonce: secrets.secret(6),
    merchantIdentifier: secrets.secret(32),
    domainName,
    displayName: domainName,
    signature: secrets.secret(96),
    operationalAnalyticsIdentifier: `wattle:${secrets.secret(16)}`,
    retries: 0,
    pspId: 'wattle-simulated',
  };
};
