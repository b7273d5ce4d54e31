import { apiHandler } from '@wattle/http';
import { plansRoutes } from '@wattle/routes/table/plans';
import { plansDeps } from './deps.ts';
import {
  createPlanRoute,
  deletePlanRoute,
  getPlanRoute,
  listPlanSubscriptionsRoute,
  listPlansRoute,
  subscribeToPlan,
  updatePlanRoute,
} from './routes.ts';

export const handler = apiHandler('plans', plansRoutes, plansDeps, {
  'POST /1/plans': createPlanRoute,
  'GET /1/plans': listPlansRoute,
  'GET /1/plans/{plan_token}': getPlanRoute,
  'PUT /1/plans/{plan_token}': updatePlanRoute,
  'DELETE /1/plans/{plan_token}': deletePlanRoute,
  'POST /1/plans/{plan_token}/subscriptions': subscribeToPlan,
  'GET /1/plans/{plan_token}/subscriptions': listPlanSubscriptionsRoute,
});
