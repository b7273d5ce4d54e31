import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/**
 * The processor-notifications function's routes: each processor account's notifications, at
 * `<live base URL>/processors/{account}/notifications` (the URL set at the acquirer: Adyen's
 * Customer Area, a webhook's settings), verified by that account's keys. The shorter
 * `/{account}/notifications` is the path set up before accounts, kept: the account named after its
 * connector had its notifications there. Outside Pin's `/1` API: the processor signs each
 * notification; an account the stage does not have (the test stage has none) answers 404.
 */
export const routes = [
  {
    method: 'POST',
    path: '/processors/{account}/notifications',
    fn: 'processor-notifications',
    auth: 'none',
    caller: 'processor',
  },
  {
    method: 'POST',
    path: '/{account}/notifications',
    fn: 'processor-notifications',
    auth: 'none',
    caller: 'processor',
  },
] as const satisfies readonly Route[];

/**
 * What the processor-notifications function may touch: the CDK stack grants it exactly this
 * (infra/stack.ts). Verifies the processor's notifications, records each once and applies it: the
 * payment's, refund's or dispute's change in a transaction (reads of the records, conditioned
 * writes).
 */
export const access = {
  table: tableAccess.readWrite,
  cardKey: false,
  processor: true,
} satisfies FunctionAccess;
