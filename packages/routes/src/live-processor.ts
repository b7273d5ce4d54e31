/*
 * How a deployment names the live environment's processor to its functions (the stack sets these
 * on the functions that use the processor; the local stack takes them from its own environment):
 * read by @wattle/runtime's loadProcessorConfig.
 */

/** The processors the live environment can have; test always has the simulator. */
export const liveProcessorNames = ['simulator', 'adyen'] as const;
export type LiveProcessorName = (typeof liveProcessorNames)[number];

/** Which processor live has (default `simulator`). */
export const liveProcessorVariable = 'WATTLE_LIVE_PROCESSOR';

/** In AWS: the ARN of the Secrets Manager secret holding the Adyen settings (a JSON object). */
export const adyenSecretVariable = 'WATTLE_ADYEN_SECRET_ARN';
