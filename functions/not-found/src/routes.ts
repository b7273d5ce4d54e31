import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/** No route of its own: the not-found function answers every request no route matches (`fallbackFunction`). */
export const routes = [] as const satisfies readonly Route[];

/** What the not-found function may touch: the CDK stack grants it exactly this (infra/stack.ts). */
export const access = { table: tableAccess.none, cardKey: false } satisfies FunctionAccess;
