import { readFileSync } from 'node:fs';
import {
  billingAddressOf,
  declineFor,
  minorUnitsOf,
  notificationOf,
  paypalMoney,
  responseCodes,
} from '@wattle/paypal';
import { paypalConnector, paypalSettings } from '@wattle/paypal/connector';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { aCardDetails } from '../helpers/builders.ts';
import { ordersDefinition } from '../helpers/paypal-definitions.ts';

/** What the PayPal connector says in PayPal's terms, held to PayPal's definitions where they say it. */
describe("the PayPal connector's codes, amounts and addresses", () => {
  it("maps only response codes PayPal's Orders v2 defines, and any other to card_declined", () => {
    const definition = JSON.parse(readFileSync(ordersDefinition, 'utf8')) as {
      components: { schemas: { processor_response: { properties: { response_code: { enum: string[] } } } } };
    };
    const defined = new Set(definition.components.schemas.processor_response.properties.response_code.enum);
    expect(responseCodes.filter(({ code }) => !defined.has(code))).toEqual([]);
    expect(declineFor('5120')).toBe('insufficient_funds');
    expect(declineFor('5400')).toBe('expired_card');
    expect(declineFor('9500')).toBe('suspected_fraud');
    expect(declineFor('0500')).toBe('card_declined');
    expect(declineFor(undefined)).toBe('card_declined');
  });

  it("sends amounts as strings in the currency's decimals, and reads them back", () => {
    expect(paypalMoney({ amount: 1234, currency: 'aud' })).toEqual({ currency_code: 'AUD', value: '12.34' });
    expect(paypalMoney({ amount: 5, currency: 'USD' })).toEqual({ currency_code: 'USD', value: '0.05' });
    expect(paypalMoney({ amount: 100000, currency: 'NZD' })).toEqual({
      currency_code: 'NZD',
      value: '1000.00',
    });
    expect(paypalMoney({ amount: 500, currency: 'JPY' })).toEqual({ currency_code: 'JPY', value: '500' });
    expect(minorUnitsOf({ currency_code: 'AUD', value: '12.34' })).toEqual({ amount: 1234, currency: 'AUD' });
    expect(minorUnitsOf({ currency_code: 'AUD', value: '12' })).toEqual({ amount: 1200, currency: 'AUD' });
    expect(minorUnitsOf({ currency_code: 'JPY', value: '500' })).toEqual({ amount: 500, currency: 'JPY' });
    expect(minorUnitsOf({ currency_code: 'AUD', value: '12.345' })).toBeNull();
    expect(minorUnitsOf({ currency_code: 'AUD', value: '-1.00' })).toBeNull();
  });

  it('sends the billing country as its ISO code, and no address when the country maps to none', () => {
    const card = aCardDetails();
    expect(billingAddressOf({ ...card, addressCountry: 'Australia' })).toMatchObject({ country_code: 'AU' });
    expect(billingAddressOf({ ...card, addressCountry: 'nz' })).toMatchObject({ country_code: 'NZ' });
    expect(billingAddressOf({ ...card, addressCountry: 'Narnia' })).toBeUndefined();
    expect(billingAddressOf({ ...card, addressCountry: 'Australia', addressLine2: null })).not.toHaveProperty(
      'address_line_2',
    );
  });
});

describe("the PayPal connector's settings", () => {
  const settings = {
    PAYPAL_CLIENT_ID: 'AYclient',
    PAYPAL_CLIENT_SECRET: 'EGsecret',
    PAYPAL_WEBHOOK_ID: '1JE4291016473214C',
  };

  it("defaults to PayPal's sandbox, and describes an account without its secret", () => {
    const config = v.parse(paypalSettings, settings);
    expect(config).toEqual({
      apiUrl: 'https://api-m.sandbox.paypal.com',
      clientId: 'AYclient',
      clientSecret: 'EGsecret',
      webhookId: '1JE4291016473214C',
    });
    expect(paypalConnector.describe(config)).not.toContain('EGsecret');
  });

  it('refuses plain http but to this machine, a missing secret and a webhook id that is not one', () => {
    const issues = (value: Record<string, string>) =>
      v.safeParse(paypalSettings, value).issues?.map((issue) => issue.message) ?? [];
    expect(issues({ ...settings, PAYPAL_API_URL: 'http://api-m.paypal.com' })).toEqual([
      expect.stringContaining('PAYPAL_API_URL must be https'),
    ]);
    expect(issues({ ...settings, PAYPAL_API_URL: 'http://127.0.0.1:4010' })).toEqual([]);
    expect(issues({ ...settings, PAYPAL_CLIENT_SECRET: ' ' })).toEqual(['PAYPAL_CLIENT_SECRET is missing']);
    expect(issues({ ...settings, PAYPAL_WEBHOOK_ID: 'WH-1/2' })).toEqual([
      expect.stringContaining('PAYPAL_WEBHOOK_ID must be'),
    ]);
  });
});

describe("the PayPal connector's reading of events", () => {
  const event = (type: string, resource: Record<string, unknown>) => ({
    id: 'WH-1',
    event_type: type,
    create_time: '2026-12-07T10:00:00Z',
    resource,
  });
  const amount = { currency_code: 'AUD', value: '12.34' };

  it('reads a charge captured at once as its authorisation: approved, or declined with the processor code', () => {
    expect(
      notificationOf(
        event('PAYMENT.CAPTURE.COMPLETED', { id: 'CAP1', custom_id: 'ch_1.acct_1', amount }),
        true,
      ),
    ).toMatchObject({ kind: 'authorisation', success: true, processorReference: 'CAP1', live: true });
    expect(
      notificationOf(
        event('PAYMENT.CAPTURE.DENIED', {
          id: 'CAP1',
          custom_id: 'ch_1.acct_1',
          amount,
          processor_response: { response_code: '5120' },
        }),
        false,
      ),
    ).toMatchObject({ kind: 'authorisation', success: false, decline: 'insufficient_funds' });
  });

  it('reads authorizations, voids, refunds and disputes', () => {
    const related = { supplementary_data: { related_ids: { order_id: 'ORD1', authorization_id: 'AUT1' } } };
    expect(
      notificationOf(
        event('PAYMENT.AUTHORIZATION.CREATED', {
          id: 'AUT1',
          custom_id: 'auth_1.acct_1',
          amount,
          ...related,
        }),
        false,
      ),
    ).toMatchObject({ kind: 'authorisation', success: true, processorReference: 'ORD1/AUT1' });
    expect(
      notificationOf(
        event('PAYMENT.AUTHORIZATION.VOIDED', { id: 'AUT1', custom_id: 'auth_1.acct_1', amount, ...related }),
        false,
      ),
    ).toMatchObject({ kind: 'cancellation', success: true, paymentProcessorReference: 'ORD1/AUT1' });
    expect(
      notificationOf(
        event('PAYMENT.CAPTURE.REFUNDED', { id: 'REF1', custom_id: 'rf_1.acct_1', amount }),
        false,
      ),
    ).toMatchObject({ kind: 'refund', success: true, reference: 'rf_1.acct_1', amount: { amount: 1234 } });
    expect(
      notificationOf(
        event('CUSTOMER.DISPUTE.CREATED', {
          dispute_id: 'PP-D-1',
          id: 'PP-D-1',
          reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
          dispute_amount: amount,
          disputed_transactions: [{ seller_transaction_id: 'CAP1', custom: 'ch_1.acct_1' }],
        }),
        false,
      ),
    ).toMatchObject({ kind: 'notification_of_chargeback', reference: 'ch_1.acct_1' });
  });

  it('takes an event it does not act on, or one without our reference, as other', () => {
    expect(notificationOf(event('CHECKOUT.ORDER.APPROVED', { id: 'ORD1' }), false)).toMatchObject({
      kind: 'other',
    });
    expect(notificationOf(event('PAYMENT.CAPTURE.COMPLETED', { id: 'CAP1', amount }), false)).toMatchObject({
      kind: 'other',
    });
    expect(notificationOf({ event_type: 'PAYMENT.CAPTURE.COMPLETED' }, false)).toBeNull();
  });
});
