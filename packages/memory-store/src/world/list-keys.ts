import type { Scope } from '@wattle/domain';
import { scopeKey } from './keys.ts';

/**
 * A list's key: what it holds (`name`), of a merchant's environment, or of one of its resources
 * (`<token>`: a customer's cards, a charge's refunds). The same text as the DynamoDB store's list
 * keys, so a refusal naming a list (LimitReached) reads the same on both engines.
 */
export const listKey = (scope: Scope, name: string, token?: string): string =>
  token === undefined ? `${scopeKey(scope)}#${name}` : `${scopeKey(scope)}#${token}#${name}`;

/** The merchants a partner referred. */
export const referralsList = (partnerId: string): string => `REFERRALS#${partnerId}`;
