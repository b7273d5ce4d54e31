import { randomUUID } from 'node:crypto';
import { newCard, newEvent, type Scope, toTimestamp } from '@wattle/domain';
import type { PlanInput } from '@wattle/flows';
import type { ProcessorOf } from '@wattle/ports';
import { randomIds, simulatedProcessorOf } from '@wattle/runtime';
import type { Store } from '@wattle/store';
import { cardInputSchema, validate } from '@wattle/wire';
import { aCustomer } from './builders.ts';
import { cardFields } from './fixtures.ts';

/** A monthly plan of 1000 cents with no trial, setup fee or limit; override anything. */
export const monthlyPlan = (overrides: Partial<PlanInput> = {}): PlanInput => ({
  name: `Monthly ${randomUUID()}`,
  amount: 1000,
  currency: 'AUD',
  setupAmount: 0,
  trialAmount: 0,
  interval: 1,
  intervalUnit: 'month',
  intervals: 0,
  trialInterval: 0,
  trialIntervalUnit: '',
  customerPermissions: ['cancel'],
  ...overrides,
});

/** A customer written straight through the store, its one card `number` (sealed). */
export const storedCustomer = async (
  store: Store,
  scope: Scope,
  at: Date,
  number = '4200000000000000',
): Promise<{ customerToken: string; cardToken: string }> => {
  const createdAt = toTimestamp(at);
  // The card as a merchant sends it, read by the API's own card schema.
  const card = newCard(
    validate(cardInputSchema(at, 'live'), cardFields({ number })),
    randomIds.token('card'),
    createdAt,
  );
  const customer = aCustomer(randomIds.token('cus'), card, createdAt);
  const sealed = await store.cardTokens.seal(scope, card, number);
  const event = newEvent(randomIds, 'customer.created', {}, createdAt);
  await store.customers.create(scope, customer, { from: 'new', sealed }, event, at);
  return { customerToken: customer.token, cardToken: card.token };
};

/**
 * A processor whose caller dies once the card is charged (captured at once): the charge is left
 * `processing`, as by a crash mid-way, while the processor made it.
 */
export const dyingAtCapture = (): ProcessorOf => {
  const simulator = simulatedProcessorOf();
  return (scope) => ({
    ...simulator(scope),
    authorise: async (input) => {
      await simulator(scope).authorise(input);
      throw new Error('the function died');
    },
  });
};
