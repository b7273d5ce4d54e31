import {
  cancelSubscription,
  type ErrorCode,
  invalidSubscriptionInput,
  PinError,
  reactivateSubscription,
  type Scope,
  type Subscription,
  startSubscription,
} from '@wattle/domain';
import type { RuntimeDeps } from '@wattle/runtime';
import { ConditionFailedError, type LoadedSubscription } from '@wattle/store';
import { billNow, isVersionRace } from './bills.ts';
import { commitPlainChange } from './changes.ts';

/** The 404 code of the route: SPEC.md gives subscriptions both `resource_not_found` and `not_found`. */
export type NotFoundCode = Extract<ErrorCode, 'not_found' | 'resource_not_found'>;

const invalidCard = () => invalidSubscriptionInput([{ param: 'card_token', message: 'Invalid card token' }]);

/** A subscription shown to the merchant (one whose first bill is under way is not there yet). */
export const loadSubscription = async (
  deps: RuntimeDeps,
  scope: Scope,
  token: string,
  notFound: NotFoundCode,
): Promise<LoadedSubscription> => {
  const loaded = await deps.store.subscriptions.get(scope, token);
  if (!loaded || loaded.starting) throw new PinError(notFound);
  return loaded;
};

/** The card a subscription bills: a card of the customer when named, else its primary card. */
const cardOf = async (
  deps: RuntimeDeps,
  scope: Scope,
  customerToken: string,
  cardToken: string | null,
  notFound: NotFoundCode,
): Promise<string> => {
  const customer = await deps.store.customers.get(scope, customerToken);
  if (!customer) throw new PinError(notFound);
  if (!cardToken) return customer.customer.primaryCard.token;
  const card = await deps.store.customers.getCard(scope, customerToken, cardToken);
  if (!card) throw invalidCard();
  return cardToken;
};

/** The body fields that start a subscription, validated (SPEC.md names). */
export interface SubscribeFields {
  customer_token: string;
  card_token: string | null;
  include_setup_fee: boolean;
}

/** A subscribe request from the validated body, the plan and the route's 404 code. */
export const subscribeInputOf = (
  fields: SubscribeFields,
  planToken: string,
  ipAddress: string,
  notFound: NotFoundCode,
): SubscribeInput => ({
  planToken,
  customerToken: fields.customer_token,
  cardToken: fields.card_token,
  includeSetupFee: fields.include_setup_fee,
  ipAddress,
  notFound,
});

export interface SubscribeInput {
  planToken: string;
  customerToken: string;
  cardToken: string | null;
  includeSetupFee: boolean;
  ipAddress: string;
  /** The route's 404 code for an unknown plan or customer. */
  notFound: NotFoundCode;
}

/**
 * POST /subscriptions and POST /plans/{token}/subscriptions: the customer's card is billed at
 * once (the trial amount, or the amount and the setup fee) and the subscription exists only when
 * that bill was paid; a declined bill answers with the decline. The plan must not be being deleted.
 */
export const subscribe = async (
  deps: RuntimeDeps,
  scope: Scope,
  input: SubscribeInput,
): Promise<Subscription> => {
  const { store, ids, clock } = deps;
  const plan = await store.plans.get(scope, input.planToken);
  if (!plan) throw new PinError(input.notFound);
  const cardToken = await cardOf(deps, scope, input.customerToken, input.cardToken, input.notFound);
  const now = clock.now();
  const begin = startSubscription({
    token: ids.token('sub'),
    plan: plan.plan,
    customerToken: input.customerToken,
    cardToken,
    includeSetupFee: input.includeSetupFee,
    now,
  });
  try {
    if (begin.bill.amount > 0) return await billNow(deps, scope, { before: null, ...begin }, input.ipAddress);
    const { subscription } = begin;
    await commitPlainChange(
      deps,
      scope,
      null,
      subscription,
      { events: ['subscription.created'], renewalJob: 'sync', planMustBeLive: true },
      now,
    );
    return subscription;
  } catch (error) {
    if (error instanceof ConditionFailedError && error.label === 'plan') throw new PinError(input.notFound);
    throw error;
  }
};

/** Runs a read-decide-write change of a subscription, again from the read when another change came first. */
const changeWithRetry = async <T>(attempt: () => Promise<T>): Promise<T> => {
  for (let round = 1; ; round++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isVersionRace(error) || round >= 5) throw error;
    }
  }
};

/**
 * DELETE /subscriptions/{token} and DELETE /customers/{customer}/subscriptions/{token}: from trial
 * or active to cancelled at once (else 400 invalid_state). A bill under way stays recorded: its
 * charge is credited when it settles, but it changes nothing else.
 */
export const cancel = (
  deps: RuntimeDeps,
  scope: Scope,
  token: string,
  customerToken: string | null = null,
): Promise<Subscription> =>
  changeWithRetry(async () => {
    const loaded = await loadSubscription(deps, scope, token, 'not_found');
    if (customerToken !== null && loaded.subscription.customerToken !== customerToken) {
      throw new PinError('not_found');
    }
    const now = deps.clock.now();
    const after = cancelSubscription(loaded.subscription, now);
    await commitPlainChange(
      deps,
      scope,
      loaded,
      after,
      { events: ['subscription.cancelled'], renewalJob: 'sync', planMustBeLive: false },
      now,
    );
    return after;
  });

/** PUT /subscriptions/{token}: the card billed from now on; none names the customer's primary card. */
export const changeCard = (
  deps: RuntimeDeps,
  scope: Scope,
  token: string,
  cardToken: string | null,
): Promise<Subscription> =>
  changeWithRetry(async () => {
    const loaded = await loadSubscription(deps, scope, token, 'resource_not_found');
    const { subscription } = loaded;
    const card = await cardOf(deps, scope, subscription.customerToken, cardToken, 'resource_not_found');
    const after: Subscription = { ...subscription, cardToken: card };
    const change = { events: [], renewalJob: 'keep', planMustBeLive: false } as const;
    await commitPlainChange(deps, scope, loaded, after, change, deps.clock.now());
    return after;
  });

/**
 * PUT /subscriptions/{token}/reactivate: cancelled → active (else 400 invalid_state). Within the
 * interval already paid for nothing is charged; otherwise the reactivation bills at once, and a
 * declined bill leaves the subscription cancelled and answers with the decline.
 */
export const reactivate = async (
  deps: RuntimeDeps,
  scope: Scope,
  token: string,
  includeSetupFee: boolean,
  ipAddress: string,
): Promise<Subscription> => {
  try {
    return await changeWithRetry(async () => {
      const loaded = await loadSubscription(deps, scope, token, 'not_found');
      if (loaded.bill) throw new PinError('conflict');
      const now = deps.clock.now();
      const next = reactivateSubscription(loaded.subscription, includeSetupFee, now);
      if (next.bill) {
        return billNow(
          deps,
          scope,
          { before: loaded, subscription: next.subscription, bill: next.bill },
          ipAddress,
        );
      }
      await commitPlainChange(
        deps,
        scope,
        loaded,
        next.subscription,
        { events: [], renewalJob: 'sync', planMustBeLive: true },
        now,
      );
      return next.subscription;
    });
  } catch (error) {
    // The plan's deletion has begun: its subscriptions are going with it.
    if (error instanceof ConditionFailedError && error.label === 'plan') throw new PinError('not_found');
    throw error;
  }
};
