import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { functionNames } from '@wattle/routes';
import { functionAccess } from '../../infra/constructs/access.ts';
import { type AdyenFake, fakeApiKey, startAdyenFake } from '../fakes/adyen.ts';
import { type PayPalFake, startPayPalFake } from '../fakes/paypal.ts';
import type { RehearsalContext } from './context.ts';
import { motoClientConfig } from './deployed.ts';

/**
 * The operator's step after `cdk deploy -c liveProcessor=adyen`: Adyen's settings put in the stack's
 * secret (docs/operations/deploying.md). Here they name a stand-in of Adyen's Checkout API on this
 * machine (test/fakes/adyen.ts), so the live stage's payments, 3-D Secure included, reach a
 * processor, and the functions read the secret under their own roles at their first live call.
 */
export const configureAdyen = async (context: RehearsalContext, secretArn: string): Promise<AdyenFake> => {
  const adyen = await startAdyenFake();
  await putSettings(context, secretArn, {
    ADYEN_CHECKOUT_URL: adyen.url,
    ADYEN_API_KEY: fakeApiKey,
    ADYEN_MERCHANT_ACCOUNT: adyen.merchantAccount,
    ADYEN_HMAC_KEY: adyen.hmacKey,
  });
  return adyen;
};

/** The same step for the account `paypal`: its settings name a stand-in of PayPal's REST API (test/fakes/paypal.ts). */
export const configurePayPal = async (context: RehearsalContext, secretArn: string): Promise<PayPalFake> => {
  const paypal = await startPayPalFake();
  await putSettings(context, secretArn, {
    PAYPAL_API_URL: paypal.url,
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
  });
  return paypal;
};

/** An account's settings put in its secret, as the operator does (docs/operations/processors.md). */
const putSettings = async (
  context: RehearsalContext,
  secretArn: string,
  settings: Record<string, string>,
) => {
  const secrets = new SecretsManagerClient(context.administrator.clientConfig);
  await secrets.send(
    new PutSecretValueCommand({ SecretId: secretArn, SecretString: JSON.stringify(settings) }),
  );
  secrets.destroy();
};

/**
 * A notification signed as Adyen signs it, which the notifications function verifies with the key
 * it read from the account's secret under its own role, records, and answers `[accepted]` (the
 * second time as a resend).
 */
export const exerciseProcessorNotifications = async (
  context: RehearsalContext,
  adyen: AdyenFake,
  paypal: PayPalFake,
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
  // The account `paypal`: its delivery is verified by PayPal (the stand-in's verify-webhook-signature)
  // with the webhook id the notifications function read from that account's secret.
  const delivery = paypal.signedDelivery({
    id: 'WH-REHEARSAL-1',
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    create_time: '2026-12-07T10:00:00Z',
    resource: {
      id: 'CAPREHEARSAL00001',
      custom_id: 'ch_rehearsal',
      amount: { currency_code: 'AUD', value: '10.00' },
    },
  });
  const answer = await fetch(`${live}/processors/paypal/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...delivery.headers },
    body: delivery.body,
  });
  const text = await answer.text();
  context.report(
    answer.status === 200 && paypal.requests.some(({ operation }) => operation === 'verify'),
    `a PayPal notification to the live stage at /processors/paypal/notifications, verified by PayPal with the webhook id read from that account's secret: ${answer.status} ${text.slice(0, 200)}`,
  );
};

/**
 * Each account's secret read by every function under its own role: the functions that call
 * processors (functionAccess's `processor`) read every account's, and moto refuses every other
 * function each of them. Run after the check that no request was refused: its refusals are wanted.
 */
export const checkSecretReads = async (
  context: RehearsalContext,
  secretArns: Record<string, string>,
): Promise<void> => {
  const wrong: string[] = [];
  for (const fn of functionNames) {
    const secrets = new SecretsManagerClient(
      motoClientConfig(context.moto.endpoint, context.stack.functions[fn].credentials),
    );
    for (const [account, arn] of Object.entries(secretArns)) {
      const read = await secrets.send(new GetSecretValueCommand({ SecretId: arn })).then(
        () => true,
        () => false,
      );
      if (read !== (functionAccess[fn].processor === true))
        wrong.push(`${fn} ${read ? 'read' : 'was refused'} ${account}'s secret`);
    }
    secrets.destroy();
  }
  const readers = functionNames.filter((fn) => functionAccess[fn].processor === true);
  context.report(
    wrong.length === 0,
    wrong.length === 0
      ? `each account's secret (${Object.keys(secretArns).join(', ')}) read by ${readers.join(', ')} under their roles, refused to the ${functionNames.length - readers.length} other functions`
      : `secrets read as they should not be: ${wrong.join('; ')}`,
  );
};
