import { apiHandler } from '@wattle/http';
import { createPlanRoute } from './create-plan.ts';
import { deletePlanRoute } from './delete-plan.ts';
import { plansDeps } from './deps.ts';
import { listPlanSubscriptionsRoute, subscribeToPlan } from './plan-subscriptions.ts';
import { getPlanRoute, listPlansRoute } from './read-plans.ts';
import { routes } from './routes.ts';
import { updatePlanRoute } from './update-plan.ts';

export const handler = apiHandler('plans', routes, plansDeps, {
  'POST /1/plans': createPlanRoute,
  'GET /1/plans': listPlansRoute,
  'GET /1/plans/{plan_token}': getPlanRoute,
  'PUT /1/plans/{plan_token}': updatePlanRoute,
  'DELETE /1/plans/{plan_token}': deletePlanRoute,
  'POST /1/plans/{plan_token}/subscriptions': subscribeToPlan,
  'GET /1/plans/{plan_token}/subscriptions': listPlanSubscriptionsRoute,
});
