import { requestedResourceNotFound, type Scope, type Subscription, startSubscription } from '@wattle/domain';
import { type CustomersStore, Missing, type PlansStore } from '@wattle/ports';
import { type BillingDeps, billNow } from '../billing/bill-now.ts';
import { cardOf } from './card-of.ts';
import { commitPlainChange } from './commit-change.ts';
import type { NotFoundCode } from './read-subscriptions.ts';

export interface SubscribeInput {
  planToken: string;
  customerToken: string;
  cardToken: string | null;
  includeSetupFee: boolean;
  ipAddress: string;
  /** The route's 404 code for an unknown plan or customer. */
  notFound: NotFoundCode;
}

/** The body's fields that start a subscription, validated (the edge maps Pin's names: subscribeRequestOf). */
export type SubscribeFields = Pick<SubscribeInput, 'customerToken' | 'cardToken' | 'includeSetupFee'>;

/** A subscribe request from the validated body, the plan and the route's 404 code. */
export const subscribeInputOf = (
  fields: SubscribeFields,
  planToken: string,
  ipAddress: string,
  notFound: NotFoundCode,
): SubscribeInput => ({
  planToken,
  customerToken: fields.customerToken,
  cardToken: fields.cardToken,
  includeSetupFee: fields.includeSetupFee,
  ipAddress,
  notFound,
});

/**
 * POST /subscriptions and POST /plans/{token}/subscriptions: the customer's card is billed at
 * once (the trial amount, or the amount and the setup fee) and the subscription exists only when
 * that bill was paid; a declined bill answers with the decline. The plan must not be being deleted.
 */
export const subscribe = async (
  deps: BillingDeps & { plans: PlansStore; customers: Pick<CustomersStore, 'get' | 'getCard'> },
  scope: Scope,
  input: SubscribeInput,
): Promise<Subscription> => {
  const plan = await deps.plans.get(scope, input.planToken);
  if (!plan) throw requestedResourceNotFound(input.notFound);
  const cardToken = await cardOf(deps, scope, input.customerToken, input.cardToken, input.notFound);
  const now = deps.clock.now();
  const begin = startSubscription({
    token: deps.ids.token('sub'),
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
      { events: ['subscription.created'], planMustBeLive: true },
      now,
    );
    return subscription;
  } catch (error) {
    // The plan's deletion began after it was read.
    if (error instanceof Missing && error.resource === 'plan')
      throw requestedResourceNotFound(input.notFound);
    throw error;
  }
};
