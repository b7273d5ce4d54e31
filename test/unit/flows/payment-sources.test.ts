import { addMonths, type PaymentSourceInput, type Scope, type TokenisedCardDetails } from '@wattle/domain';
import {
  addCustomerCard,
  createCustomer,
  createPayment,
  createPaymentSource,
  getPaymentSource,
  updateCustomer,
} from '@wattle/flows';
import { describe, expect, it } from 'vitest';
import { fakeProcessor, processorDeps } from '../../fakes/processor.ts';
import { fixedClock, sequentialIds, virtualPacing } from '../../fakes/system.ts';
import { aCardDetails, aChargeRequest } from '../../helpers/builders.ts';
import { memoryStore, overriding } from '../../helpers/memory-store.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };
const otherMerchant: Scope = { accountId: 'acct_2', environment: 'test' };
const live: Scope = { accountId: 'acct_1', environment: 'live' };

const setUp = () => {
  const { payments, cardTokens, paymentSources, customers, schedule } = memoryStore();
  return {
    payments,
    cardTokens,
    paymentSources,
    customers,
    schedule,
    ...processorDeps(fakeProcessor()),
    clock: fixedClock('2026-11-24T10:00:00Z'),
    ids: sequentialIds(),
  };
};

const applePayToken = (number = '4200000000000000'): TokenisedCardDetails => ({
  number,
  expiryMonth: 5,
  expiryYear: 30,
  name: 'Roland Robot',
  cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
  eci: '05',
  wallet: null,
});

const applePay = (number?: string): PaymentSourceInput => ({
  type: 'applepay',
  details: applePayToken(number),
});

const usedUp = expect.objectContaining({
  code: 'invalid_resource',
  messages: [expect.objectContaining({ param: 'payment_source_token' })],
});

describe('creating and reading a payment source', () => {
  it('keeps a card source under a ps_ token with its card, readable by its merchant only', async () => {
    const deps = setUp();
    const source = await createPaymentSource(deps, scope, {
      type: 'card',
      details: aCardDetails('5520000000000000'),
    });
    expect(source).toMatchObject({
      token: expect.stringMatching(/^ps_/),
      type: 'card',
      card: {
        token: expect.stringMatching(/^card_/),
        scheme: 'master',
        displayNumber: 'XXXX-XXXX-XXXX-0000',
      },
    });
    expect(JSON.stringify(source)).not.toContain('5520000000000000');
    expect(await getPaymentSource(deps, scope, source.token)).toEqual(source);
    for (const elsewhere of [otherMerchant, live]) {
      await expect(getPaymentSource(deps, elsewhere, source.token)).rejects.toMatchObject({
        code: 'not_found',
      });
    }
  });

  it('shows a wallet token as the card of its token number, with the wallet as network type and no cryptogram', async () => {
    const deps = setUp();
    const source = await createPaymentSource(deps, scope, applePay('5520000000000000'));
    expect(source.card).toMatchObject({
      scheme: 'master',
      displayNumber: 'XXXX-XXXX-XXXX-0000',
      expiryYear: 2030,
      networkType: 'applepay',
      addressCountry: '',
    });
    const stored = await deps.paymentSources.findUnused(scope, source.token, deps.clock.now());
    expect(JSON.stringify(stored)).not.toContain('AgAAAAAABk4DWZ4C28yUQAAAAAA=');
    // The number is sealed as its card's, so it opens as a card token's would.
    expect(
      (await deps.cardTokens.open(scope, { card: source.card, sealedNumber: stored!.sealedNumber })).number,
    ).toBe('5520000000000000');
  });

  it('expires a month after it was made', async () => {
    const deps = setUp();
    const source = await createPaymentSource(deps, scope, applePay());
    deps.clock.advance(addMonths(deps.clock.now(), 1).getTime() - deps.clock.now().getTime());
    await expect(getPaymentSource(deps, scope, source.token)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('paying with a payment source', () => {
  it("sends the token's number to the processor, shows its card on the payment and uses the source up", async () => {
    const deps = setUp();
    const source = await createPaymentSource(deps, scope, applePay());
    const request = aChargeRequest({ source: { kind: 'payment_source', token: source.token } });
    const created = await createPayment(deps, scope, request);
    expect(created.payment).toMatchObject({
      state: 'captured',
      card: { token: source.card.token, networkType: 'applepay' },
    });
    expect(deps.processor.authorised).toEqual([expect.objectContaining({ cardNumber: '4200000000000000' })]);
    await expect(getPaymentSource(deps, scope, source.token)).rejects.toMatchObject({ code: 'not_found' });
    await expect(createPayment(deps, scope, request)).rejects.toEqual(usedUp);
  });

  it("sends a card source's CVC to its one charge, and a customer made from one never keeps it", async () => {
    const deps = setUp();
    const card = { type: 'card' as const, details: aCardDetails('5520000000000000') };
    const charged = await createPaymentSource(deps, scope, card);
    const { payment } = await createPayment(
      deps,
      scope,
      aChargeRequest({ token: 'ch_source', source: { kind: 'payment_source', token: charged.token } }),
    );
    expect(deps.processor.authorised).toEqual([
      expect.objectContaining({
        cardNumber: '5520000000000000',
        cvc: card.details.cvc,
        initiation: 'new_card',
      }),
    ]);
    expect(await deps.payments.sealedSecretsOf(scope, payment.token)).toBeNull();
    const kept = await createPaymentSource(deps, scope, card);
    const customer = await createCustomer(
      deps,
      scope,
      { email: 'c@example.com', firstName: '', lastName: '', phoneNumber: '', company: '', notes: '' },
      { kind: 'payment_source', token: kept.token },
    );
    const stored = await deps.customers.getCard(scope, customer.token, kept.card.token);
    expect(stored).toEqual({ card: kept.card, sealedNumber: expect.any(String) });
  });

  it('declines as the test card table says for the token number', async () => {
    const deps = setUp();
    const source = await createPaymentSource(deps, scope, applePay('4100000000000001'));
    const created = await createPayment(
      deps,
      scope,
      aChargeRequest({ source: { kind: 'payment_source', token: source.token } }),
    );
    expect(created.payment).toMatchObject({ state: 'failed', decline: 'card_declined' });
  });

  it('answers an invalid payment_source_token when a racing payment used it first, charging once', async () => {
    const deps = setUp();
    const source = await createPaymentSource(deps, scope, applePay());
    const request = aChargeRequest({ source: { kind: 'payment_source', token: source.token } });
    // The other payment reserves (and charges) between this one's read of the source and its reservation.
    let raced = false;
    const payments = overriding(deps.payments, {
      commit: async (at, changes, now) => {
        if (!raced && changes.some((change) => change.kind === 'reservation')) {
          raced = true;
          await createPayment(deps, scope, request);
        }
        return deps.payments.commit(at, changes, now);
      },
    });
    await expect(createPayment({ ...deps, payments }, scope, request)).rejects.toEqual(usedUp);
    expect(deps.processor.authorised).toHaveLength(1);
  });

  it("refuses another merchant's source as it refuses a used one", async () => {
    const deps = setUp();
    const source = await createPaymentSource(deps, scope, applePay());
    await expect(
      createPayment(
        deps,
        otherMerchant,
        aChargeRequest({ source: { kind: 'payment_source', token: source.token } }),
      ),
    ).rejects.toEqual(usedUp);
  });
});

describe('a customer from a payment source', () => {
  const customerDeps = () => {
    const { cardTokens, paymentSources, customers } = memoryStore();
    return {
      cardTokens,
      paymentSources,
      customers,
      clock: fixedClock('2026-11-24T10:00:00Z'),
      ids: sequentialIds(),
      pacing: virtualPacing(),
    };
  };
  const fields = {
    email: 'c@example.com',
    firstName: '',
    lastName: '',
    phoneNumber: '',
    company: '',
    notes: '',
  };

  it("takes the source's card as the primary card, once", async () => {
    const deps = customerDeps();
    const source = await createPaymentSource(deps, scope, applePay());
    const customer = await createCustomer(deps, scope, fields, {
      kind: 'payment_source',
      token: source.token,
    });
    expect(customer.primaryCard).toEqual(source.card);
    expect(await deps.customers.getCard(scope, customer.token, source.card.token)).toMatchObject({
      card: source.card,
    });
    await expect(
      createCustomer(deps, scope, fields, { kind: 'payment_source', token: source.token }),
    ).rejects.toEqual(usedUp);
  });

  it("replaces the primary card with the source's on update, and adds it as a further card", async () => {
    const deps = customerDeps();
    const customer = await createCustomer(deps, scope, fields, { kind: 'details', details: aCardDetails() });
    const replacing = await createPaymentSource(deps, scope, applePay('5520000000000000'));
    const updated = await updateCustomer(deps, scope, customer.token, {
      fields: {},
      cards: { paymentSourceToken: replacing.token },
    });
    expect(updated.primaryCard).toEqual(replacing.card);
    expect(await deps.customers.getCard(scope, customer.token, customer.primaryCard.token)).toBeNull();
    await expect(
      updateCustomer(deps, scope, customer.token, {
        fields: {},
        cards: { paymentSourceToken: replacing.token },
      }),
    ).rejects.toEqual(usedUp);

    const adding = await createPaymentSource(deps, scope, { type: 'card', details: aCardDetails() });
    const added = await addCustomerCard(deps, scope, customer.token, {
      kind: 'payment_source',
      token: adding.token,
    });
    expect(added).toEqual(adding.card);
    await expect(
      addCustomerCard(deps, scope, customer.token, { kind: 'payment_source', token: adding.token }),
    ).rejects.toEqual(usedUp);
  });

  it('answers 404 for an unknown customer before it looks at the source', async () => {
    const deps = customerDeps();
    await expect(
      updateCustomer(deps, scope, 'cus_nobody', { fields: {}, cards: { paymentSourceToken: 'ps_unknown' } }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});
