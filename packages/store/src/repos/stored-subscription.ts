import {
  type PlanTerms,
  type Subscription,
  usualPlanTerms,
  usualSubscriptionFields,
  withUsualFields,
} from '@wattle/domain';
import { withoutUsual } from '../kernel/usual-fields.ts';

/**
 * The subscription as its item keeps it: without the fields at their usual value (no cancel, no
 * failed attempt, no setup fee, no trial, no limit), which are put back on read, and without its
 * token (the item's key holds it). A subscription sits in three lists (projection ALL), so every
 * write of it writes it four times: at 1,065 bytes, a typical one crossed 1 KB and each of those
 * four writes cost two units instead of one (TABLE.md). Items written before keep every field and
 * read the same.
 */

/** What an item keeps of a T: some of its fields. */
type Stored<T> = Partial<T>;

/** The subscription to write into the item's `subscription` attribute. */
export const storedSubscription = (subscription: Subscription): Stored<Subscription> => {
  const { token: _inTheKey, ...rest } = withoutUsual(subscription, usualSubscriptionFields);
  return { ...rest, terms: withoutUsual(subscription.terms, usualPlanTerms) as PlanTerms };
};

/** The subscription read from its item (`token`: the one its key names), with or without its usual fields. */
export const subscriptionOfItem = (stored: Stored<Subscription>, token: string): Subscription =>
  withUsualFields({ ...stored, token });
