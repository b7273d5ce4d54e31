import { randomUUID } from 'node:crypto';
import { createPayment, createPaymentOnce } from '@wattle/flows';
import { jobKinds } from '@wattle/ports';
import { loadProcessorConfig, processorsFor, type RuntimeDeps } from '@wattle/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { type AdyenFake, askedOf, fakeApiKey, startAdyenFake } from '../fakes/adyen.ts';
import { closedPort, type SlowRefusal, startSlowRefusal } from '../fakes/unreachable-acquirers.ts';
import { hangNet } from '../helpers/hang-net.ts';
import {
  capturedAndRefunded,
  routedMerchant,
  routedPayment,
  routingEngines,
  sentThriceAtOnce,
} from '../helpers/routing.ts';
import { useTable } from '../helpers/table.ts';

/**
 * Routing and failover per merchant (issue 43 item 4), on both store engines, with two Adyen
 * accounts (each its own fake Adyen), an account whose port refuses connections (nothing ever
 * reaches it) and one that refuses every request slowly (429 after a while: it did nothing). A
 * merchant's rules choose the accounts; the next is tried only after `not_processed`; every
 * attempt is kept on the payment; one Idempotency-Key authorises once.
 */
let au: AdyenFake;
let us: AdyenFake;
let down: string;
let slow: SlowRefusal;
const slowMs = 400;

beforeAll(async () => {
  [au, us] = await Promise.all([startAdyenFake(), startAdyenFake()]);
  down = `http://127.0.0.1:${await closedPort()}/v71`;
  slow = await startSlowRefusal(slowMs);
}, hangNet(30_000));

afterAll(async () => {
  await Promise.all([au?.close(), us?.close(), slow?.close()]);
});

const settingsAt = (url: string, fake: AdyenFake) => ({
  ADYEN_CHECKOUT_URL: url,
  ADYEN_API_KEY: fakeApiKey,
  ADYEN_MERCHANT_ACCOUNT: fake.merchantAccount,
  ADYEN_HMAC_KEY: fake.hmacKey,
});

/** The deployment's accounts (`live` its live default). */
const processors = (live: string) =>
  processorsFor(
    loadProcessorConfig({
      WATTLE_PROCESSOR_ACCOUNTS: JSON.stringify({
        'adyen-au': { connector: 'adyen', settings: settingsAt(au.url, au) },
        'adyen-us': { connector: 'adyen', settings: settingsAt(us.url, us) },
        'adyen-down': { connector: 'adyen', settings: settingsAt(down, au) },
        'adyen-slow': {
          connector: 'adyen',
          settings: settingsAt(slow.url, au),
        },
      }),
      WATTLE_LIVE_PROCESSOR: live,
    }),
  );

const table = useTable();
const declared = ['adyen-au', 'adyen-us', 'adyen-down', 'adyen-slow'];

describe.each(routingEngines(table, processors))('routing on the $name engine', ({ deps: engine }) => {
  const deps = () => engine('adyen-au');
  /** A live merchant of its own, with `rules` as its routing (set as the CLI sets it). */
  const merchant = (on: RuntimeDeps, rules: unknown[] | null) => routedMerchant(on, rules, declared);
  const charge = routedPayment;

  it('routes AUD to adyen-au and USD to adyen-us; the test environment stays on the simulator', async () => {
    const on = deps();
    const scope = await merchant(on, [
      { currency: 'AUD', accounts: ['adyen-au'] },
      { currency: 'USD', accounts: ['adyen-us'] },
    ]);
    const aud = (await createPayment(on, scope, charge('AUD'))).payment;
    const usd = (await createPayment(on, scope, charge('USD'))).payment;
    expect(aud).toMatchObject({ state: 'captured', processorAccount: 'adyen-au' });
    expect(usd).toMatchObject({
      state: 'captured',
      processorAccount: 'adyen-us',
      attempts: [{ account: 'adyen-us', outcome: 'approved' }],
    });
    expect(askedOf(au, scope, aud.token)).toEqual(['payments']);
    expect(askedOf(us, scope, usd.token)).toEqual(['payments']);
    expect(askedOf(au, scope, usd.token)).toEqual([]);
    expect(await on.payments.get(scope, usd.token)).toMatchObject({
      attempts: [{ account: 'adyen-us', outcome: 'approved' }],
    });
    const test = (await createPayment(on, { ...scope, environment: 'test' }, charge('USD'))).payment;
    expect(test.processorAccount).toBe('simulator');
    // A currency no rule names goes to the live default.
    expect((await createPayment(on, scope, charge('NZD'))).payment.processorAccount).toBe('adyen-au');
  });

  it('leaves out an account the deployment no longer declares', async () => {
    const on = deps();
    const scope = await merchant(on, null);
    await on.accounts.setProcessorRouting(scope.accountId, {
      rules: [
        { currencies: ['USD'], accounts: ['adyen-gone', 'adyen-us'] },
        { currencies: ['AUD'], accounts: ['adyen-gone'] },
      ],
    });
    expect((await createPayment(on, scope, charge('USD'))).payment).toMatchObject({
      state: 'captured',
      processorAccount: 'adyen-us',
      attempts: [{ account: 'adyen-us', outcome: 'approved' }],
    });
    expect((await createPayment(on, scope, charge('AUD'))).payment).toMatchObject({
      state: 'captured',
      processorAccount: 'adyen-au',
    });
  });

  it('fails over to the next account when the first refuses connections, every attempt kept and logged', async () => {
    const logged: { level: string; message: string; attributes: unknown }[] = [];
    const line = (level: string) => (message: string, attributes?: unknown) => {
      logged.push({ level, message, attributes });
    };
    const on = {
      ...deps(),
      logger: { debug: line('DEBUG'), info: line('INFO'), warn: line('WARN'), error: line('ERROR') },
    } as RuntimeDeps;
    const scope = await merchant(on, [{ accounts: ['adyen-down', 'adyen-us'] }]);
    const made = (await createPayment(on, scope, charge('AUD'))).payment;
    expect(logged).toEqual([
      {
        level: 'WARN',
        message: 'Authorisation attempt did nothing: failing over to the next account',
        attributes: {
          payment: made.token,
          account: 'adyen-down',
          outcome: 'not_processed',
          reason: 'not_sent',
          next: 'adyen-us',
        },
      },
      {
        level: 'INFO',
        message: 'Authorisation attempt',
        attributes: { payment: made.token, account: 'adyen-us', outcome: 'approved' },
      },
    ]);
    expect(made).toMatchObject({ state: 'captured', processorAccount: 'adyen-us' });
    const stored = await on.payments.get(scope, made.token);
    expect(stored?.attempts).toEqual([
      {
        account: 'adyen-down',
        startedAt: expect.any(String),
        outcome: 'not_processed',
        endedAt: expect.any(String),
      },
      {
        account: 'adyen-us',
        startedAt: expect.any(String),
        outcome: 'approved',
        endedAt: expect.any(String),
      },
    ]);
    expect(askedOf(us, scope, made.token)).toEqual(['payments']);
  });

  it('routes by whether 3-D Secure is asked, and fails over before sending the payer to the issuer', async () => {
    const on = deps();
    const scope = await merchant(on, [
      { threeDSecure: true, accounts: ['adyen-down', 'adyen-us'] },
      { accounts: ['adyen-au'] },
    ]);
    const started = await createPayment(on, scope, {
      ...charge('AUD'),
      threeDSecure: { enabled: true, callbackUrl: 'https://shop.example/back', fallbackOk: false },
      threeDSecureReturnUrl: (session) => `https://wattle.example/3ds/${session}`,
    });
    expect(started).toMatchObject({
      outcome: 'three_d_secure',
      payment: { state: 'pending_3ds', processorAccount: 'adyen-us' },
    });
    expect(started.payment.attempts?.map(({ account, outcome }) => ({ account, outcome }))).toEqual([
      { account: 'adyen-down', outcome: 'not_processed' },
      { account: 'adyen-us', outcome: 'action_required' },
    ]);
    expect(askedOf(us, scope, started.payment.token)).toEqual(['payments']);
    expect((await on.payments.get(scope, started.payment.token))?.attempts).toEqual(started.payment.attempts);
    const plain = (await createPayment(on, scope, charge('AUD'))).payment;
    expect(plain.processorAccount).toBe('adyen-au');
  });

  it('never fails over after a decline', async () => {
    const on = deps();
    const scope = await merchant(on, [{ accounts: ['adyen-au', 'adyen-us'] }]);
    au.answerNext('payments', {
      status: 200,
      body: {
        resultCode: 'Refused',
        refusalReason: 'Refused',
        refusalReasonCode: '2',
        pspReference: 'DECLINED1',
      },
    });
    const made = (await createPayment(on, scope, charge('AUD'))).payment;
    expect(made).toMatchObject({ state: 'failed', processorAccount: 'adyen-au' });
    expect((await on.payments.get(scope, made.token))?.attempts).toEqual([
      expect.objectContaining({ account: 'adyen-au', outcome: 'declined' }),
    ]);
    expect(askedOf(us, scope, made.token)).toEqual([]);
  });

  it('never fails over after a 5xx or a timeout: the payment may exist, and is recovered on that account', async () => {
    const on = deps();
    const scope = await merchant(on, [{ accounts: ['adyen-au', 'adyen-us'] }]);
    au.answerNext('payments', {
      status: 500,
      body: { status: 500, errorCode: '905', message: 'Internal error', errorType: 'internal' },
    });
    const fiveHundred = (await createPayment(on, scope, charge('AUD'))).payment;
    au.answerNext('payments', { reset: true });
    const dropped = (await createPayment(on, scope, charge('AUD'))).payment;
    for (const payment of [fiveHundred, dropped]) {
      expect(payment).toMatchObject({ state: 'processing', processorAccount: 'adyen-au' });
      expect((await on.payments.get(scope, payment.token))?.attempts).toEqual([
        expect.objectContaining({ account: 'adyen-au', outcome: 'unknown' }),
      ]);
      expect(askedOf(us, scope, payment.token)).toEqual([]);
    }
    await runDueJobs(on, new Date(Date.now() + 2 * 60 * 60 * 1000), {
      [jobKinds.paymentRecovery]: jobHandlers[jobKinds.paymentRecovery]!,
    });
    for (const payment of [fiveHundred, dropped]) {
      expect(askedOf(au, scope, payment.token)).toContain('cancels-by-reference');
      expect(askedOf(us, scope, payment.token)).toEqual([]);
    }
  });

  it('recovers an unknown outcome on the account after a failover, never on the one before', async () => {
    const on = deps();
    const scope = await merchant(on, [{ accounts: ['adyen-down', 'adyen-us'] }]);
    us.answerNext('payments', {
      status: 500,
      body: { status: 500, errorCode: '905', message: 'Internal error', errorType: 'internal' },
    });
    const made = (await createPayment(on, scope, charge('AUD'))).payment;
    expect(made).toMatchObject({ state: 'processing', processorAccount: 'adyen-us' });
    expect(made.attempts?.map(({ account, outcome }) => ({ account, outcome }))).toEqual([
      { account: 'adyen-down', outcome: 'not_processed' },
      { account: 'adyen-us', outcome: 'unknown' },
    ]);
    await runDueJobs(on, new Date(Date.now() + 2 * 60 * 60 * 1000), {
      [jobKinds.paymentRecovery]: jobHandlers[jobKinds.paymentRecovery]!,
    });
    const asked = askedOf(us, scope, made.token);
    expect(asked.filter((operation) => operation === 'payments')).toHaveLength(1);
    expect(asked).toContain('cancels-by-reference');
    expect(askedOf(au, scope, made.token)).toEqual([]);
  });

  it('continues a retry with the same Idempotency-Key on the account the failover recorded, never from the first', async () => {
    const base = deps();
    // The process dies as it asks adyen-us, after the move there is written.
    let dying = true;
    const processorOf: RuntimeDeps['processorOf'] = (scope) => {
      const processor = base.processorOf(scope);
      if (processor.account !== 'adyen-us') return processor;
      return Object.assign(Object.create(processor), {
        authorise: async (input: Parameters<typeof processor.authorise>[0]) => {
          if (dying) {
            dying = false;
            throw new Error('The function died');
          }
          return processor.authorise(input);
        },
      });
    };
    const on = { ...base, processorOf } as RuntimeDeps;
    const scope = await merchant(on, [{ accounts: ['adyen-slow', 'adyen-us'] }]);
    const request = { ...charge('AUD'), idempotencyKey: `key-${randomUUID()}` };
    const asked = slow.asked();
    await expect(createPaymentOnce(on, scope, request)).rejects.toThrow('The function died');
    expect(slow.asked() - asked).toBe(1);
    const again = await createPaymentOnce(on, scope, request);
    expect(again.payment).toMatchObject({ state: 'captured', processorAccount: 'adyen-us' });
    // The slow account was asked once, by the first request: the retry went on where it stood.
    expect(slow.asked() - asked).toBe(1);
    expect(askedOf(us, scope, again.payment.token)).toEqual(['payments']);
    expect(again.payment.attempts?.map(({ account, outcome }) => ({ account, outcome }))).toEqual([
      { account: 'adyen-slow', outcome: 'not_processed' },
      { account: 'adyen-us', outcome: 'approved' },
    ]);
  });

  it('authorises once for concurrent requests with one Idempotency-Key while the first account slowly refuses', async () => {
    const on = deps();
    const scope = await merchant(on, [{ accounts: ['adyen-slow', 'adyen-us'] }]);
    const asked = slow.asked();
    const request = { ...charge('AUD'), idempotencyKey: `key-${randomUUID()}` };
    // adyen-us answers the first slowly: the later requests' own refusals by adyen-slow come while
    // the payment is at adyen-us, and their moves from adyen-slow are refused.
    us.answerNext('payments', { delayMs: slowMs });
    const token = await sentThriceAtOnce(on, scope, request, slowMs / 4);
    // Whatever each request answered (the winner captured, a loser Pending as it stood), the
    // payment is one authorisation, at adyen-us, after the slow account did nothing.
    expect(askedOf(us, scope, token)).toEqual(['payments']);
    expect(slow.asked() - asked).toBeGreaterThanOrEqual(1);
    const stored = await on.payments.get(scope, token);
    expect(stored).toMatchObject({ state: 'captured', processorAccount: 'adyen-us' });
    expect(stored?.attempts?.map(({ account, outcome }) => ({ account, outcome }))).toEqual([
      { account: 'adyen-slow', outcome: 'not_processed' },
      { account: 'adyen-us', outcome: 'approved' },
    ]);
    // A retry once it settled answers the same payment, asking nobody.
    const again = await createPaymentOnce(on, scope, request);
    expect(again.payment).toMatchObject({ token, state: 'captured' });
    expect(askedOf(us, scope, token)).toEqual(['payments']);
  });

  it('captures and refunds a payment routed to adyen-us on adyen-us after the rules change', async () => {
    const on = deps();
    const scope = await merchant(on, [{ currency: 'AUD', accounts: ['adyen-us'] }]);
    const held = (await createPayment(on, scope, charge('AUD', 'authorisation'))).payment;
    const paid = (await createPayment(on, scope, charge('AUD'))).payment;
    expect([held.processorAccount, paid.processorAccount]).toEqual(['adyen-us', 'adyen-us']);
    expect(
      await on.accounts.setProcessorRouting(scope.accountId, { rules: [{ accounts: ['adyen-au'] }] }),
    ).toBe(true);
    expect((await createPayment(on, scope, charge('AUD'))).payment.processorAccount).toBe('adyen-au');
    const refund = await capturedAndRefunded(on, scope, held, paid);
    expect(refund.processorAccount).toBe('adyen-us');
    expect(askedOf(us, scope, held.token)).toEqual(['payments', 'captures']);
    expect(askedOf(us, scope, paid.token)).toEqual(['payments', 'refunds']);
    expect(askedOf(au, scope, held.token)).toEqual([]);
    expect(askedOf(au, scope, paid.token)).toEqual([]);
    // Routing removed: the live default again.
    expect(await on.accounts.setProcessorRouting(scope.accountId, null)).toBe(true);
    expect((await on.accounts.get(scope.accountId))?.processorRouting).toBeUndefined();
    expect(await on.accounts.setProcessorRouting('acct_none', null)).toBe(false);
  });
});
