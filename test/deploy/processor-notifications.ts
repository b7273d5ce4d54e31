import { PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { adyenNotifications } from '../fakes/adyen.ts';
import type { RehearsalContext } from './context.ts';

/** The Adyen settings the rehearsal puts in the deployed secret (no Checkout call is made). */
const settings = {
  ADYEN_CHECKOUT_URL: 'https://checkout-test.adyen.com/v71',
  ADYEN_API_KEY: 'rehearsal-api-key',
  ADYEN_MERCHANT_ACCOUNT: 'WattleRehearsal',
  ADYEN_HMAC_KEY: '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056',
};

/**
 * The live stage deployed with `-c liveProcessor=adyen`: the operator's step (the settings put in
 * the stack's secret, as docs/operations/deploying.md says), then a notification signed as Adyen
 * signs it, which the notifications function verifies with the key it read from the secret under
 * its own role, records, and answers `[accepted]`.
 */
export const exerciseProcessorNotifications = async (
  context: RehearsalContext,
  secretArn: string,
): Promise<void> => {
  const secrets = new SecretsManagerClient(context.administrator.clientConfig);
  await secrets.send(
    new PutSecretValueCommand({ SecretId: secretArn, SecretString: JSON.stringify(settings) }),
  );
  secrets.destroy();

  const adyen = adyenNotifications({
    hmacKey: settings.ADYEN_HMAC_KEY,
    merchantAccount: settings.ADYEN_MERCHANT_ACCOUNT,
  });
  const body = adyen.deliveryBody([
    adyen.notificationItem({
      eventCode: 'AUTHORISATION',
      pspReference: 'PSP0000000000001',
      merchantReference: 'ch_rehearsal',
      amount: { value: 1000, currency: 'AUD' },
    }),
  ]);
  const live = context.gateway.baseUrl.replace(/\/test$/, '/live');
  const answer = await fetch(`${live}/adyen/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const text = await answer.text();
  context.report(
    answer.status === 200 && text === '[accepted]',
    `an Adyen notification to the live stage, verified with the key read from the stack's secret: ${answer.status} ${text.slice(0, 200)}`,
  );
};
