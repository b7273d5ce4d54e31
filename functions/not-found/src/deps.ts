import { functionDeps } from '@wattle/runtime';

/** The not-found function reads nothing: its composition is the base every function has. */
export const notFoundDeps = functionDeps({});

export type NotFoundDeps = ReturnType<typeof notFoundDeps>;
