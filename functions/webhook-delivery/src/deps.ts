import { type RuntimeDeps, runtimeDeps } from '@wattle/runtime';

/** The delivery function's dependencies: the runtime's, whose sender and queue it uses. */
export type DeliveryDeps = RuntimeDeps;

export const deliveryDeps = (): DeliveryDeps => runtimeDeps();
