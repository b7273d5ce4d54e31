import {
  type Customer,
  cardTokenNotFound,
  cardTokenUsed,
  declined,
  newCard,
  type Payment,
  type Scope,
  toTimestamp,
  type WattleEvent,
} from '@wattle/domain';
import {
  captureAuthorisation,
  captureCharge,
  completeThreeDSecure,
  createCard,
  createPayment,
  createPaymentOnce,
  createPaymentSource,
  getPayment,
  listPayments,
  type PaymentRequest,
  paymentTokenFor,
  recoverPayment,
  resolveSource,
  sessionPayment,
  sourceOf,
  verifyThreeDSecure,
  voidPayment,
} from '@wattle/flows';
import { JobTaken, jobKinds, type PaymentWrite, type SealedCard } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { finishReserved } from '../../../packages/flows/src/payments/recover-payment.ts';
import { fakeProcessor, processorDeps } from '../../fakes/processor.ts';
import { fixedClock, sequentialIds } from '../../fakes/system.ts';
import { aCardDetails, aChargeRequest } from '../../helpers/builders.ts';
import { memoryStore, overriding } from '../../helpers/memory-store.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };
const live: Scope = { accountId: 'acct_1', environment: 'live' };
const minute = 60_000;
const day = 24 * 60 * minute;

/**
 * Which write a payment's commit is: a reservation, a void or capture's claim (before the processor
 * is asked), a void or capture (it uses the lease up), or a settlement.
 */
type Write = 'reserve' | 'settle' | 'claim' | 'transition';
const writeOf = (changes: readonly PaymentWrite[]): Write =>
  changes.some((c) => c.kind === 'reservation')
    ? 'reserve'
    : changes.some((c) => c.kind === 'claim')
      ? 'claim'
      : changes.some((c) => c.kind === 'lease-use')
        ? 'transition'
        : 'settle';

const setUp = () => {
  const store = memoryStore();
  const { cardTokens, paymentSources, customers, schedule, events, world } = store;
  const hooks = new Map<Write, () => Promise<unknown>>();
  const payments = overriding(store.payments, {
    commit: async (at, changes, now) => {
      const run = hooks.get(writeOf(changes));
      hooks.delete(writeOf(changes));
      if (run) await run();
      return store.payments.commit(at, changes, now);
    },
  });
  return {
    payments,
    /** Runs `run` once just before the next such write commits: the other request of a race. */
    before: (write: Write, run: () => Promise<unknown>) => hooks.set(write, run),
    cardTokens,
    paymentSources,
    customers,
    schedule,
    events,
    world,
    ...processorDeps(fakeProcessor()),
    clock: fixedClock('2026-11-24T10:00:00Z'),
    ids: sequentialIds(),
  };
};

type Deps = ReturnType<typeof setUp>;

/** The recovery jobs waiting, due at any time. */
const recoveryJobs = (deps: Deps) =>
  deps.schedule.due(jobKinds.paymentRecovery, new Date('2100-01-01T00:00:00Z'));
/** The types of the merchant's events, oldest first. */
const eventTypes = async (deps: Deps, at: Scope = scope) =>
  (await deps.events.list(at, 1)).items.map((e) => e.type).reverse();
/** How many payments the store holds, listed or not. */
const storedPayments = (deps: Deps) => deps.world.table('payment').size;

/** A payment as the store reads it back: with the transfers that paid it out (none yet). */
const asRead = (payment: Payment): Payment => ({ ...payment, transfers: [] });

/** A customer with its cards (the first its primary), as creating it and adding its cards keeps them. */
const addCustomer = async (deps: Deps, customer: Customer, cards: SealedCard[]) => {
  const now = deps.clock.now();
  const [primary, ...others] = cards;
  const created: WattleEvent = {
    token: `evt_${customer.token}`,
    type: 'customer.created',
    data: {},
    createdAt: toTimestamp(now),
  };
  await deps.customers.create(scope, customer, { from: 'new', sealed: primary! }, created, now);
  for (const sealed of others)
    await deps.customers.addCard(scope, customer.token, { from: 'new', sealed }, now);
};

/** Derives tokens as every deps' ids of these tests do (derivation keeps no state). */
const ids = sequentialIds();
const declinedCard = aCardDetails('4100000000000001');
const authorisationRequest = (overrides: Partial<PaymentRequest> = {}): PaymentRequest =>
  aChargeRequest({ kind: 'authorisation', capture: false, ...overrides });
const threeDSecure = { enabled: true, callbackUrl: 'https://shop.example/back', fallbackOk: false };
const passThrough = {
  version: '2.2.0',
  eci: '05',
  cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
  transactionId: 'f25084f0-5b16-4c0a-ae5d-b24808571d7e',
};

describe('creating a payment', () => {
  it('charges an approved card once: authorised and captured, listed, its number dropped, its recovery ended', async () => {
    const deps = setUp();
    const created = await createPayment(deps, scope, aChargeRequest());
    expect(created.outcome).toBe('settled');
    const charge = created.payment;
    expect(charge).toMatchObject({
      state: 'captured',
      totalFees: 48,
      capturedAt: charge.createdAt,
      processorReference: `psp_${charge.token}`,
    });
    // Captured as it is authorised: one call, keyed by the charge's token, with the CVC sent, as
    // a card the payer entered for it.
    expect(deps.processor.authorised).toEqual([
      {
        reference: charge.token,
        cardNumber: '4200000000000000',
        cvc: aCardDetails().cvc,
        initiation: 'new_card',
        amount: 1000,
        currency: 'AUD',
        capture: true,
      },
    ]);
    expect(deps.processor.captured).toEqual([]);
    expect(await deps.payments.sealedSecretsOf(scope, charge.token)).toBeNull();
    expect((await listPayments(deps, scope, 'charge', 1)).items).toEqual([asRead(charge)]);
    expect((await recoveryJobs(deps)).length).toBe(0);
    expect(await eventTypes(deps)).toEqual(['charge.captured']);
  });

  it('records a decline, captures nothing and names the charge in the error', async () => {
    const deps = setUp();
    const { payment } = await createPayment(
      deps,
      scope,
      aChargeRequest({ source: { kind: 'card', details: declinedCard } }),
    );
    expect(payment).toMatchObject({ state: 'failed', decline: 'card_declined', totalFees: null });
    expect(deps.processor.captured).toEqual([]);
    expect(declined(payment)).toMatchObject({
      code: 'card_declined',
      payment: { kind: 'charge', token: payment.token },
    });
    expect(await eventTypes(deps)).toEqual(['charge.failed']);
    expect((await listPayments(deps, scope, 'charge', 1)).total).toBe(1);
  });

  it('authorises an authorisation without capturing it, for five days', async () => {
    const deps = setUp();
    const { payment } = await createPayment(deps, scope, authorisationRequest());
    expect(payment).toMatchObject({ kind: 'authorisation', state: 'authorised', capturedAt: null });
    expect(payment.token).toMatch(/^auth_/);
    expect(payment.expiresAt).toBe('2026-11-29T10:00:00.000Z');
    expect(deps.processor.captured).toEqual([]);
  });

  it('starts 3-D Secure at the processor in live, sends the payer there, then the processor completes it', async () => {
    const deps = setUp();
    const returnUrl = (session: string) => `https://wattle.example/1/three_d_secure/${session}`;
    const created = await createPayment(
      deps,
      live,
      aChargeRequest({ threeDSecure, threeDSecureReturnUrl: returnUrl }),
    );
    if (created.outcome !== 'three_d_secure') throw new Error('expected a 3-D Secure session');
    expect(created.payment).toMatchObject({
      state: 'pending_3ds',
      processorRedirect: { url: returnUrl(created.sessionToken), method: 'GET' },
    });
    // Asked once, with the redirect back to the session's page, and the CVC sent.
    expect(deps.processor.authorised).toEqual([expect.objectContaining({ cvc: aCardDetails().cvc })]);
    // Pending in the lists while the payer is away; the number and CVC dropped (completing needs neither).
    expect((await listPayments(deps, live, 'charge', 1)).items.map((p) => p.state)).toEqual(['pending_3ds']);
    expect(await deps.payments.sealedSecretsOf(live, created.payment.token)).toBeNull();
    // Its recovery is the session's end.
    expect((await recoveryJobs(deps))[0]?.dueAt).toEqual(new Date('2026-11-24T10:30:00Z'));

    // Through the test environment, a live session is unknown: nothing is completed.
    const succeeded = { authentication: 'succeeded' };
    await expect(
      completeThreeDSecure(deps, 'test', created.sessionToken, true, succeeded),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(sessionPayment(deps, 'test', created.sessionToken)).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(deps.processor.completed).toEqual([]);

    const answered = await completeThreeDSecure(deps, 'live', created.sessionToken, true, succeeded);
    expect(answered.callbackUrl).toBe('https://shop.example/back');
    expect(answered.payment).toMatchObject({
      state: 'captured',
      threeDSecure: { result: 'authenticated' },
      processorReference: `psp_${created.payment.token}`,
    });
    expect(deps.processor.completed).toEqual([created.payment.token]);
    expect(await verifyThreeDSecure(deps, live, created.sessionToken)).toEqual(answered.payment);
    await expect(verifyThreeDSecure(deps, scope, created.sessionToken)).rejects.toMatchObject({
      code: 'transaction_forbidden',
    });
    // A second answer changes nothing.
    expect((await completeThreeDSecure(deps, 'live', created.sessionToken, false)).payment.state).toBe(
      'captured',
    );
  });

  it('answers a session token that cannot exist with not_found, without reading by it', async () => {
    const deps = setUp();
    const session = deps.payments.session;
    const read: string[] = [];
    deps.payments.session = (token) => {
      read.push(token);
      return session(token);
    };
    for (const token of [`se_${'a'.repeat(3000)}`, 'se_short', 'ch_abcdefghijklmnopqrstuv', 42]) {
      await expect(verifyThreeDSecure(deps, live, token)).rejects.toMatchObject({ code: 'not_found' });
    }
    expect(read).toEqual([]);
  });

  it('authorises a 3-D Secure charge the processor never answered with the CVC its reservation holds, once the payer passes', async () => {
    const deps = setUp();
    // Reserved waiting for the payer (its session listed), then the processor's first ask died.
    deps.processor.failNext();
    await expect(createPayment(deps, live, aChargeRequest({ threeDSecure }))).rejects.toThrow(
      'did not answer',
    );
    const [waiting] = (await listPayments(deps, live, 'charge', 1)).items;
    expect(waiting).toMatchObject({ state: 'pending_3ds' });
    expect(await deps.payments.sealedSecretsOf(live, waiting!.token)).toMatchObject({
      sealedCvc: expect.any(String),
    });
    const { payment } = await completeThreeDSecure(deps, 'live', waiting!.threeDSecure!.sessionToken, true);
    expect(payment).toMatchObject({ state: 'captured', threeDSecure: { result: 'authenticated' } });
    expect(deps.processor.authorised).toEqual([
      expect.objectContaining({ reference: waiting!.token, cvc: aCardDetails().cvc, initiation: 'new_card' }),
    ]);
    expect(await deps.payments.sealedSecretsOf(live, waiting!.token)).toBeNull();
  });

  it('declines a charge whose payer fails 3-D Secure', async () => {
    const deps = setUp();
    const created = await createPayment(deps, live, aChargeRequest({ threeDSecure }));
    if (created.outcome !== 'three_d_secure') throw new Error('expected a 3-D Secure session');
    const { payment } = await completeThreeDSecure(deps, 'live', created.sessionToken, false, {
      authentication: 'failed',
    });
    expect(payment).toMatchObject({
      state: 'failed',
      decline: 'card_declined',
      threeDSecure: { result: 'failed' },
      processorOutcome: { code: 'auth_failed' },
    });
  });

  it('refuses 3-D Secure where it cannot run, unless fallback_ok lets the charge go on without it', async () => {
    const deps = setUp();
    await expect(createPayment(deps, scope, aChargeRequest({ threeDSecure }))).rejects.toMatchObject({
      code: 'three_d_secure_unavailable',
    });
    deps.processor.threeDSecure = false;
    await expect(createPayment(deps, live, aChargeRequest({ threeDSecure }))).rejects.toMatchObject({
      code: 'three_d_secure_unavailable',
    });
    expect(storedPayments(deps)).toBe(0);
    const { payment } = await createPayment(
      deps,
      scope,
      aChargeRequest({ threeDSecure: { ...threeDSecure, fallbackOk: true } }),
    );
    expect(payment).toMatchObject({ state: 'captured', threeDSecure: null });
  });

  it('charges at once with 3-D Secure passed through, in test and live: no session, the authentication recorded', async () => {
    for (const environment of [scope, live]) {
      const deps = setUp();
      const created = await createPayment(deps, environment, aChargeRequest({ threeDSecure: passThrough }));
      expect(created.outcome).toBe('settled');
      expect(created.payment).toMatchObject({
        state: 'captured',
        threeDSecure: null,
        threeDSecurePassThrough: passThrough,
      });
      expect(deps.processor.authorised).toHaveLength(1);
      expect(deps.world.table('three-d-secure-session').size).toBe(0);
      expect((await recoveryJobs(deps)).length).toBe(0);
      expect(await getPayment(deps, environment, 'charge', created.payment.token)).toEqual(
        asRead(created.payment),
      );
    }
  });

  it('passes through an ECI of another scheme (the scheme judges it): a Mastercard with 05 is charged', async () => {
    const deps = setUp();
    const { payment } = await createPayment(
      deps,
      live,
      aChargeRequest({
        source: { kind: 'card', details: aCardDetails('5520000000000000') },
        threeDSecure: passThrough,
      }),
    );
    expect(payment).toMatchObject({ state: 'captured', threeDSecurePassThrough: passThrough });
  });

  it('charges a card token with the CVC POST /cards sealed with it, held by the payment until its settlement drops it', async () => {
    const deps = setUp();
    const card = await createCard(deps, scope, aCardDetails('4200000000000000'));
    const held: unknown[] = [];
    deps.before('settle', async () => {
      held.push(await deps.payments.sealedSecretsOf(scope, 'ch_withcvc'));
    });
    const { payment } = await createPayment(
      deps,
      scope,
      aChargeRequest({ token: 'ch_withcvc', source: { kind: 'card_token', token: card.token } }),
    );
    expect(payment.state).toBe('captured');
    expect(deps.processor.authorised).toEqual([
      expect.objectContaining({ reference: payment.token, cvc: '123', initiation: 'new_card' }),
    ]);
    // Held sealed from the reservation (the token used up) until the settlement, which drops it.
    expect(held).toEqual([{ sealedNumber: expect.any(String), sealedCvc: expect.any(String) }]);
    expect(await deps.cardTokens.findUnused(scope, card.token, deps.clock.now())).toBeNull();
    expect(await deps.payments.sealedSecretsOf(scope, payment.token)).toBeNull();
  });

  it("answers Pin's token_already_used when a racing payment used the token first, charging it once", async () => {
    const deps = setUp();
    const card = await createCard(deps, scope, aCardDetails());
    const request = aChargeRequest({ source: { kind: 'card_token', token: card.token } });
    deps.before('reserve', () => createPayment(deps, scope, request));
    await expect(createPayment(deps, scope, request)).rejects.toEqual(cardTokenUsed());
    expect(deps.processor.authorised).toHaveLength(1);
    expect(storedPayments(deps)).toBe(1);
  });

  it("charges a customer's primary card and lists the charge under the customer", async () => {
    const deps = setUp();
    const now = deps.clock.now();
    const card = newCard(aCardDetails('5520000000000000'), 'card_primary', toTimestamp(now));
    const sealed = await deps.cardTokens.seal(scope, card, '5520000000000000');
    await addCustomer(
      deps,
      {
        token: 'cus_1',
        createdAt: toTimestamp(now),
        primaryCard: card,
        email: 'c@example.com',
        firstName: '',
        lastName: '',
        phoneNumber: '',
        company: '',
        notes: '',
      },
      [sealed],
    );
    const { payment } = await createPayment(
      deps,
      scope,
      aChargeRequest({ source: { kind: 'customer', token: 'cus_1' } }),
    );
    // Told as the payer's charge on a card kept for them: no CVC (a stored card keeps none).
    expect(deps.processor.authorised).toEqual([
      expect.objectContaining({ cardNumber: '5520000000000000', initiation: 'stored_card', cvc: undefined }),
    ]);
    expect(payment).toMatchObject({
      state: 'captured',
      customerToken: 'cus_1',
      cardOwner: { customerToken: 'cus_1', primary: true },
    });
    expect(deps.processor.authorised[0]?.cardNumber).toBe('5520000000000000');
    expect((await deps.payments.listForCustomer(scope, 'cus_1', 1)).items).toEqual([asRead(payment)]);
    await expect(
      createPayment(deps, scope, aChargeRequest({ source: { kind: 'customer', token: 'cus_gone' } })),
    ).rejects.toMatchObject({
      code: 'invalid_resource',
      messages: [expect.objectContaining({ param: 'customer_token' })],
    });
  });
});

describe("a customer's stored card named by its token", () => {
  /** A customer with a primary card and another card, as the customers' store keeps them. */
  const withCustomer = async (deps: ReturnType<typeof setUp>, token: string, cardTokens: string[]) => {
    const createdAt = toTimestamp(deps.clock.now());
    const sealed = await Promise.all(
      cardTokens.map((cardToken) =>
        deps.cardTokens.seal(scope, newCard(aCardDetails(), cardToken, createdAt), '4200000000000000'),
      ),
    );
    const primaryCard = sealed[0]!.card;
    await addCustomer(
      deps,
      {
        token,
        createdAt,
        primaryCard,
        email: 'c@example.com',
        firstName: '',
        lastName: '',
        phoneNumber: '',
        company: '',
        notes: '',
      },
      sealed,
    );
  };
  const now = new Date('2026-11-24T10:00:00Z');

  it("charges a card token of a customer as that customer's card, any number of times", async () => {
    const deps = setUp();
    await withCustomer(deps, 'cus_1', ['card_primary', 'card_other']);
    const primary = await resolveSource(deps, scope, { kind: 'card_token', token: 'card_primary' }, now);
    expect(primary).toMatchObject({
      card: { token: 'card_primary' },
      owner: { customerToken: 'cus_1', primary: true },
      customerToken: 'cus_1',
      opened: { card: { token: 'card_primary' }, number: '4200000000000000' },
      consumesCardToken: null,
    });
    // A customer's stored card has no CVC to send.
    expect(primary.opened.cvc).toBeUndefined();
    const other = await resolveSource(deps, scope, { kind: 'card_token', token: 'card_other' }, now);
    expect(other).toMatchObject({
      owner: { customerToken: 'cus_1', primary: false },
      consumesCardToken: null,
    });
    const request = aChargeRequest({ source: { kind: 'card_token', token: 'card_primary' } });
    const first = await createPayment(deps, scope, request);
    const second = await createPayment(deps, scope, request);
    expect([first.payment.state, second.payment.state]).toEqual(['captured', 'captured']);
    expect((await deps.payments.listForCustomer(scope, 'cus_1', 1)).items).toHaveLength(2);
  });

  it('charges the named card of the customer with customer_token, and refuses a card not its own', async () => {
    const deps = setUp();
    await withCustomer(deps, 'cus_1', ['card_primary', 'card_other']);
    await withCustomer(deps, 'cus_2', ['card_theirs']);
    const named = await resolveSource(
      deps,
      scope,
      { kind: 'customer_card', token: 'cus_1', cardToken: 'card_other' },
      now,
    );
    expect(named).toMatchObject({
      card: { token: 'card_other' },
      owner: { customerToken: 'cus_1', primary: false },
    });
    await expect(
      resolveSource(deps, scope, { kind: 'customer_card', token: 'cus_1', cardToken: 'card_theirs' }, now),
    ).rejects.toMatchObject({
      code: 'invalid_resource',
      messages: [{ param: 'card_token', message: 'Card token is not a card of this customer' }],
    });
    await expect(
      resolveSource(deps, scope, { kind: 'customer_card', token: 'cus_gone', cardToken: 'card_other' }, now),
    ).rejects.toMatchObject({ messages: [expect.objectContaining({ param: 'customer_token' })] });
  });

  it("keeps an unused card token single use, and another scope out of a customer's card", async () => {
    const deps = setUp();
    await withCustomer(deps, 'cus_1', ['card_primary']);
    await expect(
      resolveSource(deps, live, { kind: 'card_token', token: 'card_primary' }, now),
    ).rejects.toEqual(cardTokenNotFound());
    const card = await createCard(deps, scope, aCardDetails());
    const request = aChargeRequest({ source: { kind: 'card_token', token: card.token } });
    await createPayment(deps, scope, request);
    await expect(createPayment(deps, scope, request)).rejects.toEqual(cardTokenUsed());
    expect(deps.processor.authorised).toHaveLength(1);
  });

  it('reads customer_token with card_token as that card of that customer', () => {
    expect(sourceOf({ customerToken: 'cus_1', cardToken: 'card_1' })).toEqual({
      kind: 'customer_card',
      token: 'cus_1',
      cardToken: 'card_1',
    });
    expect(sourceOf({ cardToken: 'card_1' })).toEqual({ kind: 'card_token', token: 'card_1' });
    expect(sourceOf({ customerToken: 'cus_1' })).toEqual({ kind: 'customer', token: 'cus_1' });
  });
});

describe('a payment under an Idempotency-Key', () => {
  const keyed = (overrides: Partial<PaymentRequest> = {}, idempotencyKey = 'key-1') => ({
    ...aChargeRequest(overrides),
    idempotencyKey,
  });

  it('answers a retry of the same request with the same payment, charging the card once', async () => {
    const deps = setUp();
    const first = await createPaymentOnce(deps, scope, keyed());
    const again = await createPaymentOnce(deps, scope, keyed());
    expect(again).toEqual({ ...first, payment: asRead(first.payment) });
    expect(deps.processor.authorised).toHaveLength(1);
    expect(storedPayments(deps)).toBe(1);
  });

  it('refuses the key for other terms: idempotency_key_reused', async () => {
    const deps = setUp();
    await createPaymentOnce(deps, scope, keyed());
    await expect(createPaymentOnce(deps, scope, keyed({ amount: 2000 }))).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    });
    expect(deps.processor.authorised).toHaveLength(1);
  });

  it("refuses the key past its retention: the payment is no retry's any more", async () => {
    const deps = setUp();
    await createPaymentOnce(deps, scope, keyed());
    deps.clock.advance(day + minute);
    await expect(createPaymentOnce(deps, scope, keyed())).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    });
  });

  it('finishes the payment a first attempt reserved before it died, instead of charging again', async () => {
    const deps = setUp();
    deps.processor.failNext();
    await expect(createPaymentOnce(deps, scope, keyed())).rejects.toThrow('did not answer');
    const token = paymentTokenFor(ids, 'charge', scope, 'key-1');
    expect((await deps.payments.get(scope, token))?.state).toBe('processing');

    const retried = await createPaymentOnce(deps, scope, keyed());
    expect(retried).toMatchObject({ outcome: 'settled', payment: { token, state: 'captured' } });
    expect(deps.processor.authorised).toHaveLength(1);
    expect((await recoveryJobs(deps)).length).toBe(0);
    expect(await eventTypes(deps)).toEqual(['charge.captured']);
  });

  it('finishes the payment a first attempt reserved with a card token before it died, the token used by it', async () => {
    const deps = setUp();
    const card = await createCard(deps, scope, aCardDetails());
    const request = keyed({ source: { kind: 'card_token', token: card.token } });
    deps.processor.failNext();
    await expect(createPaymentOnce(deps, scope, request)).rejects.toThrow('did not answer');

    const retried = await createPaymentOnce(deps, scope, request);
    const token = paymentTokenFor(ids, 'charge', scope, 'key-1');
    expect(retried).toMatchObject({ outcome: 'settled', payment: { token, state: 'captured' } });
    expect(deps.processor.authorised).toHaveLength(1);
    // Another key with the used token is another payment: refused, as Pin refuses a used token.
    const other = keyed({ source: { kind: 'card_token', token: card.token } }, 'key-2');
    await expect(createPaymentOnce(deps, scope, other)).rejects.toEqual(cardTokenUsed());
  });

  it('finishes the payment a first attempt reserved with a payment source before it died', async () => {
    const deps = setUp();
    const source = await createPaymentSource(deps, scope, { type: 'card', details: aCardDetails() });
    const request = keyed({ source: { kind: 'payment_source', token: source.token } });
    deps.processor.failNext();
    await expect(createPaymentOnce(deps, scope, request)).rejects.toThrow('did not answer');

    const retried = await createPaymentOnce(deps, scope, request);
    expect(retried).toMatchObject({ outcome: 'settled', payment: { state: 'captured' } });
    expect(deps.processor.authorised).toHaveLength(1);
  });

  it('sends a retry of a 3-D Secure charge back to the same session', async () => {
    const deps = setUp();
    const request = keyed({ threeDSecure }, 'key-3ds');
    const first = await createPaymentOnce(deps, live, request);
    expect(await createPaymentOnce(deps, live, request)).toEqual({
      ...first,
      payment: asRead(first.payment),
    });
    expect(first.outcome).toBe('three_d_secure');
  });
});

describe('voiding and capturing an authorised payment', () => {
  it('captures an authorised charge in full; other amounts are invalid_capture_amount', async () => {
    const deps = setUp();
    const { payment } = await createPayment(deps, scope, aChargeRequest({ capture: false }));
    await expect(captureCharge(deps, scope, payment.token, 999)).rejects.toMatchObject({
      code: 'invalid_capture_amount',
    });
    deps.clock.advance(minute);
    const captured = await captureCharge(deps, scope, payment.token, undefined);
    expect(captured).toMatchObject({ state: 'captured', capturedAt: '2026-11-24T10:01:00Z' });
    expect(await getPayment(deps, scope, 'charge', payment.token)).toEqual(captured);
    await expect(voidPayment(deps, scope, 'charge', payment.token)).rejects.toMatchObject({
      code: 'already_captured',
      payment: { kind: 'charge', token: payment.token },
    });
  });

  it('answers a capture that lost the race to a void with already_voided', async () => {
    const deps = setUp();
    const { payment } = await createPayment(deps, scope, aChargeRequest({ capture: false }));
    deps.before('claim', () => voidPayment(deps, scope, 'charge', payment.token));
    await expect(captureCharge(deps, scope, payment.token, undefined)).rejects.toMatchObject({
      code: 'already_voided',
      payment: { kind: 'charge', token: payment.token },
    });
    expect((await deps.payments.get(scope, payment.token))?.state).toBe('voided');
    // The loser never reached the processor.
    expect(deps.processor.captured).toEqual([]);
    expect(deps.processor.voided).toEqual([payment.token]);
    expect(await eventTypes(deps)).toEqual(['charge.authorised', 'charge.voided']);
  });

  it('answers a void that lost the race to a capture with already_captured', async () => {
    const deps = setUp();
    const { payment } = await createPayment(deps, scope, authorisationRequest());
    deps.before('claim', () => captureAuthorisation(deps, scope, payment.token, 1000));
    await expect(voidPayment(deps, scope, 'authorisation', payment.token)).rejects.toMatchObject({
      code: 'already_captured',
      payment: { kind: 'authorisation', token: payment.token },
    });
    expect(deps.processor.voided).toEqual([]);
    expect(deps.processor.captured).toEqual([{ reference: payment.token, amount: 1000 }]);
  });

  it('answers authorisation_expired when the lease ran out while the processor was asked', async () => {
    const deps = setUp();
    const { payment } = await createPayment(deps, scope, authorisationRequest());
    deps.clock.advance(5 * day - 1000);
    deps.processor.capture = async () => {
      deps.clock.advance(2000);
      return { outcome: 'succeeded' };
    };
    await expect(captureAuthorisation(deps, scope, payment.token, 500)).rejects.toMatchObject({
      code: 'authorisation_expired',
    });
    expect((await deps.payments.get(scope, payment.token))?.state).toBe('authorised');
    // Read again now, the state table says so too.
    await expect(voidPayment(deps, scope, 'authorisation', payment.token)).rejects.toMatchObject({
      code: 'authorisation_expired',
    });
  });

  it('captures part of an authorisation as a new charge with its own fees, never more than authorised', async () => {
    const deps = setUp();
    const { payment } = await createPayment(deps, scope, authorisationRequest());
    await expect(captureAuthorisation(deps, scope, payment.token, 1001)).rejects.toMatchObject({
      code: 'invalid_resource',
      messages: [expect.objectContaining({ param: 'amount' })],
    });
    const charge = await captureAuthorisation(deps, scope, payment.token, 400);
    expect(charge).toMatchObject({
      kind: 'charge',
      state: 'captured',
      amount: 400,
      totalFees: 37,
      authorisationToken: payment.token,
    });
    expect(await deps.payments.get(scope, payment.token)).toMatchObject({
      state: 'captured',
      amountCaptured: 400,
    });
    expect(await getPayment(deps, scope, 'charge', charge.token)).toEqual(charge);
    await expect(getPayment(deps, scope, 'charge', payment.token)).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('the payment-recovery job', () => {
  it('finishes a payment a crash left reserved, once however many runs take the job', async () => {
    const deps = setUp();
    deps.processor.failNext();
    await expect(createPayment(deps, scope, aChargeRequest())).rejects.toThrow('did not answer');
    const [job] = await deps.schedule.due(
      'payment-recovery',
      new Date(deps.clock.now().getTime() + 2 * minute),
    );
    expect(job).toBeDefined();
    expect(await deps.schedule.due('payment-recovery', deps.clock.now())).toEqual([]);
    deps.clock.advance(2 * minute);

    const runs = await Promise.allSettled([recoverPayment(deps, job!), recoverPayment(deps, job!)]);
    expect(runs.filter((run) => run.status === 'fulfilled')).toHaveLength(1);
    expect(runs.find((run) => run.status === 'rejected')?.reason).toBeInstanceOf(JobTaken);
    expect(await deps.payments.get(scope, job!.token)).toMatchObject({ state: 'captured', totalFees: 48 });
    expect(await deps.payments.sealedSecretsOf(scope, job!.token)).toBeNull();
    expect(await eventTypes(deps)).toEqual(['charge.captured']);
    expect((await listPayments(deps, scope, 'charge', 1)).total).toBe(1);
  });

  it("authorises a crash's charge again with the CVC its reservation still holds, and drops it with the settlement", async () => {
    const deps = setUp();
    deps.processor.failNext();
    await expect(createPayment(deps, scope, aChargeRequest())).rejects.toThrow('did not answer');
    const [job] = await recoveryJobs(deps);
    expect(await deps.payments.sealedSecretsOf(scope, job!.token)).toEqual({
      sealedNumber: expect.any(String),
      sealedCvc: expect.any(String),
    });
    await recoverPayment(deps, job!);
    expect(deps.processor.authorised).toEqual([
      expect.objectContaining({ reference: job!.token, cvc: aCardDetails().cvc, initiation: 'new_card' }),
    ]);
    expect(await deps.payments.sealedSecretsOf(scope, job!.token)).toBeNull();
  });

  it('takes the outcome of a run that settled the payment since it was read, its number dropped by then', async () => {
    const deps = setUp();
    deps.processor.failNext();
    await expect(createPayment(deps, scope, aChargeRequest())).rejects.toThrow('did not answer');
    const [job] = await recoveryJobs(deps);
    const reserved = await deps.payments.get(scope, job!.token);
    expect(reserved).toMatchObject({ state: 'processing' });
    // Another run settles it between this one's read and its look at the sealed number.
    await recoverPayment(deps, job!);
    expect(await finishReserved(deps, scope, reserved!)).toMatchObject({ state: 'captured' });
    expect(deps.processor.authorised).toHaveLength(1);
  });

  it("declines a 3-D Secure charge still unanswered at its session's end and drops its number", async () => {
    const deps = setUp();
    const created = await createPayment(deps, live, aChargeRequest({ threeDSecure }));
    const [job] = await recoveryJobs(deps);
    deps.clock.advance(30 * minute);
    await recoverPayment(deps, job!);
    const expired = await deps.payments.get(live, created.payment.token);
    expect(expired).toMatchObject({
      state: 'failed',
      decline: 'card_declined',
      threeDSecure: { result: 'expired' },
    });
    expect(await deps.payments.sealedSecretsOf(live, created.payment.token)).toBeNull();
    expect(deps.processor.completed).toEqual([]);
    // A late answer from the payer changes nothing.
    if (created.outcome !== 'three_d_secure') throw new Error('expected a 3-D Secure session');
    expect((await completeThreeDSecure(deps, 'live', created.sessionToken, true)).payment).toEqual(expired);
    expect((await sessionPayment(deps, 'live', created.sessionToken)).payment).toEqual(expired);
  });

  it('drops the job of a payment settled since', async () => {
    const deps = setUp();
    const { payment } = await createPayment(deps, scope, aChargeRequest());
    const job = { kind: 'payment-recovery', scope, token: payment.token, dueAt: deps.clock.now() };
    deps.world.scheduleJob(job);
    await recoverPayment(deps, job);
    expect((await recoveryJobs(deps)).length).toBe(0);
    expect(deps.processor.authorised).toHaveLength(1);
  });
});
