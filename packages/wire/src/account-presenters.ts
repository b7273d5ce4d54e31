import {
  type ApplePayDomain,
  type DownloadLink,
  defaultMerchantSettings,
  type Merchant,
  merchantPricing,
  type StoredFile,
  toTimestamp,
  type WattleEvent,
  type Webhook,
  type WebhookEndpoint,
} from '@wattle/domain';
import type {
  ApplePayDomainJson,
  ApplePayHostCheckJson,
  EventJson,
  FileJson,
  MerchantDetailJson,
  MerchantSummaryJson,
  WebhookEndpointJson,
  WebhookJson,
} from './objects.ts';

/** The create response and list item. */
export const presentMerchantSummary = (merchant: Merchant): MerchantSummaryJson => ({
  token: merchant.token,
  email: merchant.application.contact.email,
  business_name: merchant.application.business.tradingName,
  status: merchant.status,
  created_at: merchant.createdAt,
  updated_at: merchant.updatedAt,
});

export interface MerchantKeys {
  test: { secretKey: string; publishableKey: string };
  live: { secretKey: string; publishableKey: string };
}

/** The single get: settings, pricing, notifications and the merchant's own keys. */
export const presentMerchantDetail = (merchant: Merchant, keys: MerchantKeys): MerchantDetailJson => {
  const { contact, business } = merchant.application;
  const settings = defaultMerchantSettings;
  return {
    token: merchant.token,
    status: merchant.status,
    business_name: business.tradingName,
    contact_name: `${contact.firstName} ${contact.lastName}`,
    contact_email: contact.email,
    skip_charge_address_validation: settings.skip_charge_address_validation,
    send_transfer_email: settings.send_transfer_email,
    send_refund_successful_emails: settings.send_refund_successful_emails,
    settlement_delay_days: settings.settlement_delay_days,
    amex_enabled: settings.amex,
    maximum_charge_cents: settings.maximum_charge_cents,
    pos_maximum_charge_cents: settings.pos_maximum_charge_cents,
    transfers_enabled: true,
    last_charge_date: null,
    test_secret_api_key: keys.test.secretKey,
    test_publishable_api_key: keys.test.publishableKey,
    api_keys: { secret: keys.live.secretKey, publishable: keys.live.publishableKey },
    pricing: merchantPricing(),
    notifications: settings.notifications,
    created_at: merchant.createdAt,
    updated_at: merchant.updatedAt,
  };
};

export const presentWebhookEndpoint = (endpoint: WebhookEndpoint): WebhookEndpointJson => ({
  token: endpoint.token,
  key: endpoint.key,
  url: endpoint.url,
  created_at: endpoint.createdAt,
  updated_at: endpoint.updatedAt,
});

export const presentWebhook = (webhook: Webhook): WebhookJson => ({
  token: webhook.token,
  status: webhook.status,
  url: webhook.url,
  event_token: webhook.eventToken,
  webhook_endpoint_token: webhook.endpointToken,
  created_at: webhook.createdAt,
  accepted_at: webhook.acceptedAt,
  next_run: webhook.nextRun,
  retries: webhook.retries,
  errors: webhook.errors,
});

export const presentEvent = (event: WattleEvent): EventJson => ({
  token: event.token,
  type: event.type,
  data: event.data,
  created_at: event.createdAt,
});

/** The file object of Pin's API reference. */
export const presentFile = (file: StoredFile, link: DownloadLink): FileJson => ({
  token: file.token,
  original_filename: file.originalFilename,
  presigned_url: link.url,
  presigned_url_expires_at: toTimestamp(link.expiresAt),
  purpose: file.purpose,
  size: file.size,
  mime_type: file.mimeType,
  uploaded_at: file.uploadedAt,
});

export const presentApplePayDomain = (domain: ApplePayDomain): ApplePayDomainJson => ({
  token: domain.token,
  domain_name: domain.domainName,
  registered: domain.registered,
  created_at: domain.createdAt,
});

/** The answer of GET /apple_pay/host_check. */
export const presentHostCheck = (
  domainName: string,
  domain: ApplePayDomain | null,
): ApplePayHostCheckJson => ({
  domain_name: domainName,
  registered: domain?.registered ?? false,
});
