import { functionLogger, loadConfig } from '@wattle/runtime';

/**
 * The not-found function reads nothing: its composition is the container's logger alone, so its
 * bundle holds no AWS client (it makes no AWS call, and its role grants none).
 */
export const notFoundDeps = () => ({ logger: functionLogger(loadConfig()) });

export type NotFoundDeps = ReturnType<typeof notFoundDeps>;
