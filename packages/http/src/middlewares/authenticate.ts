import { type ApiKeyGrant, PinError } from '@wattle/domain';
import type { AccountsStore } from '@wattle/ports';
import { header } from '../header.ts';
import type { ApiMiddleware } from './types.ts';

/** The API key of an `Authorization: Basic` header: the user name, with an empty password. */
export const basicAuthKey = (authorization: string | undefined): string | null => {
  if (!authorization) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const user = decoded.split(':')[0] ?? '';
  return user === '' ? null : user;
};

const grantCacheMs = 60_000;

/**
 * Checks the key the route needs (docs/api/requests.md): the secret key by basic auth; on
 * the card endpoints the publishable key as `publishable_api_key` instead; the partner key on
 * /merchants, and on the events, where it reads its own (its referrals' applications). A key of the other environment is rejected like a wrong key.
 */
export const authenticate = (accounts: Pick<AccountsStore, 'grantFor'>): ApiMiddleware => {
  const cache = new Map<string, { grant: ApiKeyGrant | null; until: number }>();
  const grantFor = async (apiKey: string): Promise<ApiKeyGrant | null> => {
    const cached = cache.get(apiKey);
    if (cached && cached.until > Date.now()) return cached.grant;
    const found = await accounts.grantFor(apiKey);
    const grant = found?.suspended ? null : found;
    // Unknown and suspended keys are not cached: a key made or approved a moment ago must work at once.
    if (grant) cache.set(apiKey, { grant, until: Date.now() + grantCacheMs });
    return grant;
  };
  return {
    name: 'authenticate',
    before: async function authenticateBefore(request) {
      const api = request.internal.api!;
      const mode = api.route.auth;
      if (mode === 'none') return;
      const basicKey = basicAuthKey(header(request.event.headers, 'authorization'));
      const basicGrant = basicKey ? await grantFor(basicKey) : null;
      if (mode === 'partner') {
        if (basicGrant?.kind !== 'partner') throw new PinError('unauthorized');
        api.grant = basicGrant;
        return;
      }
      if (mode === 'secret-or-partner' && basicGrant?.kind === 'partner') {
        // A partner's own events: its referred merchants' applications (recorded on live).
        api.grant = basicGrant;
        api.scope = { accountId: basicGrant.accountId, environment: api.environment };
        return;
      }
      const sameEnvironment = (grant: ApiKeyGrant | null) =>
        grant !== null && grant.environment === api.environment;
      let grant: ApiKeyGrant | null =
        basicGrant?.kind === 'secret' && sameEnvironment(basicGrant) ? basicGrant : null;
      const publishable = api.body.publishable_api_key;
      if (
        !grant &&
        mode === 'secret-or-publishable' &&
        typeof publishable === 'string' &&
        publishable !== ''
      ) {
        const candidate = await grantFor(publishable);
        if (candidate?.kind === 'publishable' && sameEnvironment(candidate)) grant = candidate;
      }
      if (!grant) throw new PinError('unauthenticated');
      delete api.body.publishable_api_key;
      api.grant = grant;
      api.scope = { accountId: grant.accountId, environment: api.environment };
    },
  };
};
