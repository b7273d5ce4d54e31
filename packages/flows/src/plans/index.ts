export * from './create-plan.ts';
export * from './delete-plan.ts';
export * from './read-plans.ts';
export * from './update-plan.ts';
