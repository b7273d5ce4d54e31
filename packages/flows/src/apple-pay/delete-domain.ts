import { PinError, type Scope } from '@wattle/domain';
import { type ApplePayDomainsStore, Missing } from '@wattle/ports';

/** DELETE /apple_pay/domains/{token}: 204, or 404 not_found. */
export const deleteApplePayDomain = async (
  { applePayDomains }: { applePayDomains: ApplePayDomainsStore },
  scope: Scope,
  domainToken: string,
): Promise<void> => {
  try {
    await applePayDomains.delete(scope, domainToken);
  } catch (error) {
    if (error instanceof Missing) throw new PinError('not_found');
    throw error;
  }
};
