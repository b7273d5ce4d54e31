import { functionLogger, functionTracer, loadConfig } from '@wattle/runtime';

/**
 * The not-found function reads nothing: its composition is the container's logger and tracer
 * alone, so its bundle holds no AWS client (it makes no AWS call, and its role grants none but
 * X-Ray's).
 */
export const notFoundDeps = () => ({ logger: functionLogger(loadConfig()), tracer: functionTracer() });

export type NotFoundDeps = ReturnType<typeof notFoundDeps>;
