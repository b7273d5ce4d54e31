import { applyProcessorNotification } from '@wattle/flows';
import type { ProcessorAnswer, ProcessorRouteHandler } from '@wattle/http';
import type { AccountProcessor } from '@wattle/ports';
import { simulatorAccount } from '@wattle/routes';
import { readyProcessor } from '@wattle/runtime';
import type { ProcessorNotificationsDeps } from './deps.ts';

const answer = (status: number, body: string): ProcessorAnswer => ({
  status,
  contentType: 'text/plain',
  body,
});

/**
 * The account a notification's URL names, if the environment has it: never the simulator (it
 * sends no notification over HTTP), and none in the test environment.
 */
const accountNamed = (deps: ProcessorNotificationsDeps, environment: 'test' | 'live', account: string) => {
  let processor: AccountProcessor;
  try {
    processor = deps.processorOf({ environment, account });
  } catch {
    return null;
  }
  return processor.account === account && account !== simulatorAccount ? processor : null;
};

/**
 * POST /processors/{account}/notifications (and the older /{account}/notifications): a delivery
 * of the account's notifications (Adyen's standard webhooks, for an Adyen account), verified by
 * that account's connector with its keys (every item's signature, or nothing is taken: 401, and
 * the processor sends it again); then each notification is recorded once by its id, applied to
 * what the account processed only (a payment of another account is not changed: logged), and
 * marked applied; the answer is what the processor expects, for a resend as for the first. An
 * account the environment does not have answers 404. A failure on our side answers 5xx, so the
 * processor sends the delivery again, and what was applied stays applied.
 */
export const receiveNotifications: ProcessorRouteHandler<ProcessorNotificationsDeps> = async (
  request,
  deps,
) => {
  const named = accountNamed(deps, request.environment, request.params.account ?? '');
  if (!named) return answer(404, 'Not found');
  const processor = await readyProcessor(named);
  const reading = await processor.readNotifications({ headers: request.headers, body: request.body });
  if (reading.verdict === 'refused') {
    deps.logger.warn("Refused a delivery of the processor's notifications", {
      account: named.account,
      reason: reading.reason,
    });
    return answer(401, reading.reason);
  }
  for (const notification of reading.notifications) {
    const receipt = await deps.processorNotifications.receive(
      request.environment,
      named.account,
      notification,
      deps.clock.now(),
    );
    if (receipt === 'applied') continue;
    // The payment's, refund's or dispute's change (idempotent: a racing resend changes nothing).
    const applied = await applyProcessorNotification(deps, request.environment, notification, named.account);
    if (applied === 'not_ours')
      deps.logger.warn('A processor notification for no payment or refund of ours', {
        account: named.account,
        id: notification.id,
        kind: notification.kind,
        reference: notification.reference,
      });
    await deps.processorNotifications.markApplied(
      request.environment,
      named.account,
      notification.id,
      deps.clock.now(),
    );
  }
  return reading.reply;
};
