import type { CallDeadline, DeliveryQueue, PasswordHasher, ProcessorOf, WebhookSender } from '@wattle/ports';
import type { MetricsRecorder } from '@wattle/routes/metrics';
import { httpWebhookSender } from '@wattle/webhooks';
import { lazyDeliveryQueue } from './delivery-queue.ts';
import { measuredProcessorOf } from './measured-processor.ts';
import { outsideCallDeadline } from './outside-call-deadline.ts';
import { scryptPasswordHasher } from './password-hasher.ts';
import { loadProcessorConfig } from './processor-config.ts';
import { processorsFor } from './processors.ts';

/*
 * The registry of parts a function's composition names (functionDeps), each exported under the
 * name of the dependency it makes, so that `functionDeps({ accounts, payments })` reads as what it
 * builds: the store's repositories (their one list: @wattle/store/parts) and the other adapters.
 * One export each, not one object of them all: a bundle keeps only the exports its function
 * imports, and with them only the repositories (and their store code) its routes use. The tests,
 * the in-process harness, the local stack and the CLI build every one of them (everyPart).
 */

export * from '@wattle/store/parts';

/** Where delivery attempts are asked for: the webhooks queue, built on first use. */
export const deliveryQueue = (): DeliveryQueue => lazyDeliveryQueue();
/** POSTs signed webhooks to merchants' URLs (only the delivery function sends). */
export const webhookSender = (): WebhookSender => httpWebhookSender();
export const passwordHasher = (): PasswordHasher => scryptPasswordHasher;
/**
 * Each processor account's acquirer (the PaymentProcessor port): test the simulator; live the
 * account a payment recorded, or for a new one the default the deployment chose
 * (WATTLE_PROCESSOR_ACCOUNTS, WATTLE_LIVE_PROCESSOR: ./processor-config.ts), the simulator until
 * then; every call measured (./measured-processor.ts).
 */
export const processorOf = ({ metrics }: { metrics: MetricsRecorder }): ProcessorOf =>
  measuredProcessorOf(processorsFor(loadProcessorConfig()), metrics);
/**
 * What every processor call carries: the invocation's deadline less the reserve to record the
 * call's outcome and answer (@wattle/deadline's outsideCallSignal), so a call that times out
 * still ends in an answer of its outcome (a charge Pending), never in a 503.
 */
export const deadline = (): CallDeadline => outsideCallDeadline;
