import { disputeRecipes } from './disputes.ts';
import { merchantRecipes } from './merchants.ts';
import { paymentRecipes } from './payments.ts';
import { payoutRecipes } from './payouts.ts';
import type { Recipe } from './recipe.ts';
import { recordRecipes } from './records.ts';
import { subscriptionRecipes } from './subscriptions.ts';

export type { Made, Recipe, TriggerContext } from './recipe.ts';

/** Every event type the service emits, each with the recipe that makes it happen. */
export const recipes: Recipe[] = [
  ...paymentRecipes,
  ...recordRecipes,
  ...payoutRecipes,
  ...merchantRecipes,
  ...subscriptionRecipes,
  ...disputeRecipes,
];

export const recipeFor = (type: string): Recipe | null => recipes.find((r) => r.type === type) ?? null;
