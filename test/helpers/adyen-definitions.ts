import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** Adyen's published definitions, kept unmodified beside the tests (test/vendor/adyen/README.md). */
export const adyenDefinitions = join(import.meta.dirname, '../vendor/adyen');
export const checkoutDefinition = join(adyenDefinitions, 'CheckoutService-v71.json');
const webhooksDefinition = join(adyenDefinitions, 'Webhooks-v1.json');

interface WebhooksDocument {
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
  components: unknown;
}

const webhooksId = 'https://adyen.local/webhooks-v1.json';
let ajv: Ajv2020 | undefined;
let document: WebhooksDocument | undefined;

/**
 * Throws with the mismatch when a notification delivery's body breaks Adyen's schema of its event
 * (Webhooks-v1.json's webhook of that name), so the notifications tests build are Adyen's shape.
 */
export const checkAdyenNotification = (body: string): void => {
  if (!ajv || !document) {
    document = JSON.parse(readFileSync(webhooksDefinition, 'utf8')) as WebhooksDocument;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: webhooksId, components: document.components }, webhooksId);
  }
  const parsed = JSON.parse(body) as {
    notificationItems: { NotificationRequestItem: { eventCode: string } }[];
  };
  for (const { NotificationRequestItem: item } of parsed.notificationItems) {
    const webhook = document.webhooks[`/${item.eventCode}`];
    if (!webhook) throw new Error(`Adyen's webhooks define no ${item.eventCode}`);
    const schema = webhook.post.requestBody.content['application/json']?.schema;
    const validate = ajv.compile(
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${webhooksId}#/components/`)),
    );
    const single = { ...parsed, notificationItems: [{ NotificationRequestItem: item }] };
    if (!validate(single))
      throw new Error(`${item.eventCode} breaks Adyen's definition: ${ajv.errorsText(validate.errors)}`);
  }
};
