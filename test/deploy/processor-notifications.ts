import { PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { type AdyenFake, fakeApiKey, startAdyenFake } from '../fakes/adyen.ts';
import type { RehearsalContext } from './context.ts';

/**
 * The operator's step after `cdk deploy -c liveProcessor=adyen`: Adyen's settings put in the stack's
 * secret (docs/operations/deploying.md). Here they name a stand-in of Adyen's Checkout API on this
 * machine (test/fakes/adyen.ts), so the live stage's payments, 3-D Secure included, reach a
 * processor, and the functions read the secret under their own roles at their first live call.
 */
export const configureAdyen = async (context: RehearsalContext, secretArn: string): Promise<AdyenFake> => {
  const adyen = await startAdyenFake();
  const settings = {
    ADYEN_CHECKOUT_URL: adyen.url,
    ADYEN_API_KEY: fakeApiKey,
    ADYEN_MERCHANT_ACCOUNT: adyen.merchantAccount,
    ADYEN_HMAC_KEY: adyen.hmacKey,
  };
  const secrets = new SecretsManagerClient(context.administrator.clientConfig);
  await secrets.send(
    new PutSecretValueCommand({ SecretId: secretArn, SecretString: JSON.stringify(settings) }),
  );
  secrets.destroy();
  return adyen;
};

/**
 * A notification signed as Adyen signs it, which the notifications function verifies with the key
 * it read from the account's secret under its own role, records, and answers `[accepted]` (the
 * second time as a resend).
 */
export const exerciseProcessorNotifications = async (
  context: RehearsalContext,
  adyen: AdyenFake,
): Promise<void> => {
  const body = adyen.deliveryBody([
    adyen.notificationItem({
      eventCode: 'AUTHORISATION',
      pspReference: 'PSP0000000000001',
      merchantReference: 'ch_rehearsal',
      amount: { value: 1000, currency: 'AUD' },
    }),
  ]);
  const live = context.gateway.baseUrl.replace(/\/test$/, '/live');
  // The account `adyen` (-c liveProcessor=adyen): at its URL, and at the path set before accounts.
  for (const path of ['/processors/adyen/notifications', '/adyen/notifications']) {
    const answer = await fetch(`${live}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const text = await answer.text();
    context.report(
      answer.status === 200 && text === '[accepted]',
      `an Adyen notification to the live stage at ${path}, verified with the key read from the account's secret: ${answer.status} ${text.slice(0, 200)}`,
    );
  }
};
