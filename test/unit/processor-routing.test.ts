import {
  type AuthorisationOutcome,
  failoverOf,
  type Payment,
  type ProcessorRouting,
  presentProcessorRouting,
  processorRoutingOf,
  type RoutedPayment,
  routedReservation,
  routeOf,
  withAttemptOutcome,
} from '@wattle/domain';
import { describe, expect, it } from 'vitest';

const payment = (over: Partial<RoutedPayment> = {}): RoutedPayment => ({
  amount: 1000,
  currency: 'AUD',
  card: { scheme: 'visa', issuingCountry: 'AU' },
  threeDSecure: false,
  ...over,
});

const routing: ProcessorRouting = {
  rules: [
    { currencies: ['USD'], threeDSecure: true, accounts: ['us-3ds'] },
    { currencies: ['USD'], accounts: ['us', 'au'] },
    { schemes: ['amex'], accounts: ['amex'] },
    { issuingCountries: ['NZ'], accounts: ['nz'] },
    { minAmount: 100_000, accounts: ['big'] },
    { currencies: ['AUD'], maxAmount: 99_999, accounts: ['au', 'us'] },
  ],
};

describe('routeOf: the first matching rule gives the accounts, in order', () => {
  it('routes by currency, 3-D Secure, scheme, issuing country and amount range', () => {
    expect(routeOf(routing, payment())).toEqual(['au', 'us']);
    expect(routeOf(routing, payment({ currency: 'usd' }))).toEqual(['us', 'au']);
    expect(routeOf(routing, payment({ currency: 'USD', threeDSecure: true }))).toEqual(['us-3ds']);
    expect(routeOf(routing, payment({ card: { scheme: 'amex', issuingCountry: 'AU' } }))).toEqual(['amex']);
    expect(routeOf(routing, payment({ card: { scheme: 'visa', issuingCountry: 'NZ' } }))).toEqual(['nz']);
    expect(routeOf(routing, payment({ amount: 100_000 }))).toEqual(['big']);
    expect(routeOf(routing, payment({ amount: 99_999 }))).toEqual(['au', 'us']);
  });

  it('answers null (the live default) with no routing, or no rule matching', () => {
    expect(routeOf(undefined, payment())).toBeNull();
    expect(routeOf({ rules: [] }, payment())).toBeNull();
    expect(routeOf(routing, payment({ currency: 'EUR' }))).toBeNull();
  });

  it('never matches an issuing-country rule for a card whose country is unknown', () => {
    const byCountry: ProcessorRouting = { rules: [{ issuingCountries: ['AU'], accounts: ['au'] }] };
    expect(routeOf(byCountry, payment({ card: { scheme: 'visa', issuingCountry: '' } }))).toBeNull();
    expect(routeOf(byCountry, payment())).toEqual(['au']);
  });
});

const reserved = (route: string[]): Payment =>
  routedReservation(
    { token: 'ch_1', state: 'processing' } as Payment,
    route,
    new Date('2026-12-07T10:00:00.000Z'),
  );
const later = new Date('2026-12-07T10:00:01.000Z');
const notProcessed: AuthorisationOutcome = {
  outcome: 'not_processed',
  raw: { code: 'not_sent', reason: 'refused' },
};

describe('failoverOf: the next account only after not_processed', () => {
  it('moves to the next account after not_processed, the attempt before closed', () => {
    const next = failoverOf(reserved(['a', 'b']), notProcessed, later);
    expect(next).toMatchObject({
      processorAccount: 'b',
      attempts: [
        { account: 'a', outcome: 'not_processed', endedAt: later.toISOString() },
        { account: 'b', startedAt: later.toISOString() },
      ],
    });
    expect(next?.attempts?.[1]).not.toHaveProperty('outcome');
  });

  it.each<AuthorisationOutcome>([
    { outcome: 'declined', decline: 'card_declined', raw: { code: '2', reason: 'Refused' } },
    { outcome: 'unknown', reason: 'timeout' },
    { outcome: 'approved', processorReference: 'psp' },
    { outcome: 'action_required', redirect: { url: 'u', method: 'GET', data: {}, completion: '' } },
  ])('never after $outcome: the payment may exist, or is decided', (answer) => {
    expect(failoverOf(reserved(['a', 'b']), answer, later)).toBeNull();
  });

  it("stops at the route's last account, and without a route", () => {
    const onB = failoverOf(reserved(['a', 'b']), notProcessed, later)!;
    expect(failoverOf(onB, notProcessed, later)).toBeNull();
    expect(failoverOf({ token: 'ch_2', processorAccount: 'a' } as Payment, notProcessed, later)).toBeNull();
  });

  it("records the last attempt's outcome", () => {
    expect(withAttemptOutcome(reserved(['a']), 'approved', later).attempts).toEqual([
      {
        account: 'a',
        startedAt: '2026-12-07T10:00:00.000Z',
        outcome: 'approved',
        endedAt: later.toISOString(),
      },
    ]);
  });
});

describe("processorRoutingOf: a merchant's routing as an operator writes it", () => {
  const declared = ['adyen-au', 'adyen-us'];
  it('reads rules and shows them back in the same form', () => {
    const written = {
      rules: [
        { currency: 'aud', accounts: ['adyen-au', 'adyen-us'] },
        {
          currency: ['USD'],
          scheme: 'visa',
          issuingCountry: 'us',
          minAmount: 100,
          maxAmount: 5000,
          threeDSecure: true,
          accounts: ['adyen-us'],
        },
      ],
    };
    const read = processorRoutingOf(written, declared);
    expect(read).toEqual({
      routing: {
        rules: [
          { currencies: ['AUD'], accounts: ['adyen-au', 'adyen-us'] },
          {
            currencies: ['USD'],
            schemes: ['visa'],
            issuingCountries: ['US'],
            minAmount: 100,
            maxAmount: 5000,
            threeDSecure: true,
            accounts: ['adyen-us'],
          },
        ],
      },
    });
    expect(presentProcessorRouting('routing' in read ? read.routing : null)).toEqual({
      rules: [
        { currency: ['AUD'], accounts: ['adyen-au', 'adyen-us'] },
        {
          currency: ['USD'],
          scheme: ['visa'],
          issuingCountry: ['US'],
          minAmount: 100,
          maxAmount: 5000,
          threeDSecure: true,
          accounts: ['adyen-us'],
        },
      ],
    });
  });

  it('names every problem: an undeclared account, one named twice, a bad condition', () => {
    const read = processorRoutingOf(
      {
        rules: [
          { currency: 'AUDX', accounts: ['adyen-nz'] },
          { accounts: ['adyen-au', 'adyen-au'], minAmount: 10, maxAmount: 5, colour: 'red' },
          { accounts: [] },
        ],
      },
      declared,
    );
    expect(read).toEqual({
      problems: [
        'rules[0].accounts names adyen-nz, which is not an account of this deployment (adyen-au, adyen-us)',
        'rules[0].currency must be a currency code (AUD), or a list of them',
        'rules[1].colour is not a condition (accounts, currency, scheme, issuingCountry, minAmount, maxAmount, threeDSecure)',
        'rules[1].accounts names an account twice',
        'rules[1].minAmount is more than its maxAmount',
        'rules[2].accounts must be a list of processor account names, in the order to try them',
      ],
    });
    expect(processorRoutingOf([], declared)).toEqual({
      problems: ['The routing must be a JSON object with `rules`, a list of rules'],
    });
  });
});
