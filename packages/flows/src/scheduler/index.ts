export * from './job-handler.ts';
export * from './run-due-jobs.ts';
