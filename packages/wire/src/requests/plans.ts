import {
  type CustomerPermission,
  defaultCustomerPermissions,
  defaultMaximumCharge,
  type FieldIssue,
  intervalUnits,
  isAtLeastMinimum,
  isWithinMaximum,
  minimumAmount,
  PinError,
} from '@wattle/domain';
import * as v from 'valibot';
import { aboveMinimum, currencyField, maximumPhrase, minimumPhrase } from '../payment-input.ts';
import { subscribeFields } from '../subscription-input.ts';
import { integer, requiredText, type ValidationOptions } from '../validation.ts';

/** Pin's API reference: plan create and update answer a validation failure with 422 unprocessable_entity. */
export const planValidation: ValidationOptions = {
  error: (messages: FieldIssue[]) => new PinError('unprocessable_entity', { messages }),
};

/** The longest interval Wattle takes, in any unit, so billing dates stay within reach. */
const maxInterval = 1000;

const unitField = () => v.picklist(intervalUnits, 'must be one of day, week, month or year');

const count = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(
    integer(),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be no more than ${max}`),
  );

/** `[]`, `['cancel']`, or as form fields `customer_permissions[]=cancel` (an empty value is none). */
const permissionsField = () =>
  v.pipe(
    v.union([v.array(v.string()), v.string()], 'must be a list'),
    v.transform((given) =>
      (Array.isArray(given) ? given : [given]).map((p) => p.trim()).filter((p) => p !== ''),
    ),
    v.check((list) => list.every((p) => p === 'cancel'), 'must be empty or contain only cancel'),
    v.transform((list) => [...new Set(list)] as CustomerPermission[]),
  );

/** Amounts charged on their own are at least the currency's minimum; a setup fee rides on the amount. */
const chargedAlone = (amount: number, currency: string): boolean =>
  amount === 0 || isAtLeastMinimum(amount, currency);

/** POST /plans (docs/api/cookbook/subscriptions.md). */
export const createPlanSchema = v.pipe(
  v.object({
    name: requiredText(255),
    amount: integer(),
    currency: currencyField(),
    interval: count(1, maxInterval),
    interval_unit: unitField(),
    intervals: v.optional(count(0), 0),
    setup_amount: v.optional(count(0), 0),
    trial_amount: v.optional(count(0), 0),
    trial_interval: v.optional(count(0, maxInterval), 0),
    trial_interval_unit: v.optional(
      v.union([unitField(), v.literal('')], 'must be one of day, week, month or year'),
      '',
    ),
    customer_permissions: v.optional(permissionsField(), defaultCustomerPermissions),
  }),
  v.forward(v.partialCheck([['amount'], ['currency']], aboveMinimum, minimumPhrase), ['amount']),
  v.forward(
    v.partialCheck(
      [['amount'], ['setup_amount']],
      (input) => isWithinMaximum(input.amount + input.setup_amount),
      `${maximumPhrase} with the setup amount`,
    ),
    ['amount'],
  ),
  v.forward(
    v.partialCheck(
      [['trial_amount'], ['currency']],
      (input) => chargedAlone(input.trial_amount, input.currency) && isWithinMaximum(input.trial_amount),
      (issue) => {
        const input = issue.input as { currency: string };
        return `must be 0 or from ${minimumAmount(input.currency)} to ${defaultMaximumCharge}`;
      },
    ),
    ['trial_amount'],
  ),
  v.forward(
    v.partialCheck(
      [['trial_interval'], ['trial_interval_unit']],
      (input) => input.trial_interval === 0 || input.trial_interval_unit !== '',
      "can't be blank when trial_interval is given",
    ),
    ['trial_interval_unit'],
  ),
);

/** PUT /plans/{token}: name and customer_permissions, both optional. */
export const updatePlanSchema = v.object({
  name: v.optional(requiredText(255)),
  customer_permissions: v.optional(permissionsField()),
});

/** POST /plans/{token}/subscriptions: the plan is the path's. */
export const subscribeToPlanSchema = v.object(subscribeFields());
