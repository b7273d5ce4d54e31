import { type CustomerFields, cardTokenNotFound, cardTokenUsed, type Scope } from '@wattle/domain';
import {
  addCustomerCard,
  type CardSource,
  createCard,
  createCustomer,
  deleteCustomer,
  deleteCustomerCard,
  getCustomer,
  listCustomerCards,
  listCustomerCharges,
  listCustomerSubscriptions,
  updateCustomer,
} from '@wattle/flows';
import { type CustomerChange, type CustomerChargesReader, TransactionConflictError } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { fixedClock, pacingLosingAfter, sequentialIds, virtualPacing } from '../../fakes/system.ts';
import { aCardDetails, aPayment } from '../../helpers/builders.ts';
import { memoryStore, overriding } from '../../helpers/memory-store.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };
const other: Scope = { accountId: 'acct_2', environment: 'test' };

const fields: CustomerFields = {
  email: 'roland@example.com',
  firstName: 'Roland',
  lastName: 'Robot',
  phoneNumber: '',
  company: '',
  notes: '',
};

const setUp = () => {
  const { cardTokens, paymentSources, customers, events } = memoryStore();
  return {
    cardTokens,
    paymentSources,
    customers,
    events,
    clock: fixedClock('2026-11-24T10:00:00Z'),
    ids: sequentialIds(),
    pacing: virtualPacing(),
  };
};
type Deps = ReturnType<typeof setUp>;

const withDetails = (number = '4200000000000000'): CardSource => ({
  kind: 'details',
  details: aCardDetails(number),
});

/** An unused card token, as POST /cards leaves one. */
const unusedToken = async (deps: Deps, number = '5520000000000000'): Promise<string> =>
  (await createCard(deps, scope, aCardDetails(number))).token;

const invalidToken = (param: string) =>
  expect.objectContaining({
    code: 'invalid_resource',
    messages: [expect.objectContaining({ param })],
  });

/** The events the customers' writes recorded, oldest first. */
const recorded = async (deps: Deps) => (await deps.events.list(scope, 1)).items.reverse();

const cardTokensOf = async (deps: Deps, customerToken: string) =>
  (await listCustomerCards(deps, scope, customerToken, 1)).cards.items.map((card) => card.token);

describe('creating a customer', () => {
  it('seals a new card as its primary and records customer.created', async () => {
    const deps = setUp();
    const customer = await createCustomer(deps, scope, fields, withDetails());
    expect(customer).toMatchObject({ ...fields, createdAt: '2026-11-24T10:00:00Z' });
    expect(customer.token).toMatch(/^cus_/);
    expect(customer.primaryCard).toMatchObject({ scheme: 'visa', displayNumber: 'XXXX-XXXX-XXXX-0000' });
    const stored = await deps.customers.getCard(scope, customer.token, customer.primaryCard.token);
    // The number only: a customer's card never keeps the CVC it was sent with.
    expect(await deps.cardTokens.open(scope, stored!)).toEqual({
      card: stored!.card,
      number: '4200000000000000',
    });
    expect(await getCustomer(deps, scope, customer.token)).toEqual(customer);
    expect((await recorded(deps)).map((event) => [event.type, event.data.token])).toEqual([
      ['customer.created', customer.token],
    ]);
  });

  it('takes an unused card token in as the primary card and uses it up', async () => {
    const deps = setUp();
    const token = await unusedToken(deps);
    const customer = await createCustomer(deps, scope, fields, { kind: 'token', token });
    expect(customer.primaryCard.token).toBe(token);
    expect(await deps.cardTokens.findUnused(scope, token, deps.clock.now())).toBeNull();
    expect(await cardTokensOf(deps, customer.token)).toEqual([token]);
  });

  it("answers Pin's token_already_used for a used token, and creates nothing", async () => {
    const deps = setUp();
    const token = await unusedToken(deps);
    await createCustomer(deps, scope, fields, { kind: 'token', token });
    await expect(createCustomer(deps, scope, fields, { kind: 'token', token })).rejects.toEqual(
      cardTokenUsed(),
    );
    expect((await deps.customers.list(scope, 1)).total).toBe(1);
  });

  it('answers the same error when another request uses the token between the read and the write', async () => {
    const deps = setUp();
    const token = await unusedToken(deps);
    const racing: Deps = {
      ...deps,
      customers: overriding(deps.customers, {
        create: async (...args) => {
          await createCustomer(deps, scope, fields, { kind: 'token', token }); // the other request wins
          return deps.customers.create(...args);
        },
      }),
    };
    await expect(createCustomer(racing, scope, fields, { kind: 'token', token })).rejects.toEqual(
      cardTokenUsed(),
    );
    // Only the other request's customer was made.
    expect((await deps.customers.list(scope, 1)).total).toBe(1);
  });

  it("never takes another merchant's token: not found, as one never made", async () => {
    const deps = setUp();
    const token = await unusedToken(deps);
    await expect(createCustomer(deps, other, fields, { kind: 'token', token })).rejects.toEqual(
      cardTokenNotFound(),
    );
  });
});

describe('the primary card', () => {
  it('primary_card_token swaps in another card of the customer and keeps the old one (rule 5)', async () => {
    const deps = setUp();
    const customer = await createCustomer(deps, scope, fields, withDetails());
    const added = await addCustomerCard(deps, scope, customer.token, withDetails('5520000000000000'));
    const updated = await updateCustomer(deps, scope, customer.token, {
      fields: {},
      cards: { primaryCardToken: added.token },
    });
    expect(updated.primaryCard).toEqual(added);
    expect((await getCustomer(deps, scope, customer.token)).primaryCard.token).toBe(added.token);
    expect((await cardTokensOf(deps, customer.token)).sort()).toEqual(
      [customer.primaryCard.token, added.token].sort(),
    );
    // The old primary is an ordinary card now, so it can go.
    await deleteCustomerCard(deps, scope, customer.token, customer.primaryCard.token);
    expect(await cardTokensOf(deps, customer.token)).toEqual([added.token]);
  });

  it('card_token swaps in an unused token and removes the old primary (rule 4)', async () => {
    const deps = setUp();
    const customer = await createCustomer(deps, scope, fields, withDetails());
    const token = await unusedToken(deps);
    const updated = await updateCustomer(deps, scope, customer.token, {
      fields: {},
      cards: { cardToken: token },
    });
    expect(updated.primaryCard.token).toBe(token);
    expect(await cardTokensOf(deps, customer.token)).toEqual([token]);
    expect(await deps.cardTokens.findUnused(scope, token, deps.clock.now())).toBeNull();
  });

  it('a new card replaces the primary and removes the old one (rule 3)', async () => {
    const deps = setUp();
    const customer = await createCustomer(deps, scope, fields, withDetails());
    const updated = await updateCustomer(deps, scope, customer.token, {
      fields: { notes: 'new card' },
      cards: { card: aCardDetails('5520000000000000') },
    });
    expect(updated).toMatchObject({ notes: 'new card', primaryCard: { scheme: 'master' } });
    expect(await cardTokensOf(deps, customer.token)).toEqual([updated.primaryCard.token]);
  });

  it("refuses another customer's card as the invalid token of the parameter sent", async () => {
    const deps = setUp();
    const a = await createCustomer(deps, scope, fields, withDetails());
    const b = await createCustomer(deps, scope, fields, withDetails());
    await expect(
      updateCustomer(deps, scope, a.token, { fields: {}, cards: { primaryCardToken: b.primaryCard.token } }),
    ).rejects.toThrow(invalidToken('primary_card_token'));
    expect((await getCustomer(deps, scope, a.token)).primaryCard).toEqual(a.primaryCard);
  });
});

describe('updating against other changes', () => {
  /**
   * The customers port where, before each of the first `rounds` updates lands, another request
   * changes the customer's company (read and written at the version it finds).
   */
  const racedFor = (deps: Deps, rounds: number) => {
    let calls = 0;
    const theirChange = async (at: Scope, ours: CustomerChange, now: Date) => {
      const { customer, version } = (await deps.customers.get(at, ours.customer.token))!;
      await deps.customers.update(
        at,
        {
          customer: { ...customer, company: `Theirs ${calls}` },
          expectedVersion: version,
          intake: null,
          removedCardToken: null,
          event: ours.event,
        },
        now,
      );
    };
    const racing: Deps = {
      ...deps,
      customers: overriding(deps.customers, {
        update: async (at: Scope, change: CustomerChange, now: Date) => {
          if (++calls <= rounds) await theirChange(at, change, now);
          return deps.customers.update(at, change, now);
        },
      }),
    };
    return { racing, calls: () => calls };
  };

  it('reads again and applies its change on top of the one that came first', async () => {
    const deps = setUp();
    const customer = await createCustomer(deps, scope, fields, withDetails());
    const { racing, calls } = racedFor(deps, 1);
    const updated = await updateCustomer(racing, scope, customer.token, {
      fields: { email: 'ours@example.com' },
      cards: {},
    });
    expect(calls()).toBe(2);
    expect(updated).toMatchObject({ email: 'ours@example.com', company: 'Theirs 1' });
    expect(await getCustomer(deps, scope, customer.token)).toEqual(updated);
  });

  it('gives up as a transaction conflict when it loses every round, writing nothing of its own', async () => {
    const deps = setUp();
    const customer = await createCustomer(deps, scope, fields, withDetails());
    const { racing, calls } = racedFor(deps, Number.POSITIVE_INFINITY);
    await expect(
      updateCustomer({ ...racing, pacing: pacingLosingAfter(4) }, scope, customer.token, {
        fields: { email: 'ours@example.com' },
        cards: {},
      }),
    ).rejects.toBeInstanceOf(TransactionConflictError);
    expect(calls()).toBe(4);
    expect(await getCustomer(deps, scope, customer.token)).toMatchObject({
      email: fields.email,
      company: 'Theirs 4',
    });
  });

  it('answers 404 when the customer is deleted before its update lands', async () => {
    const deps = setUp();
    const customer = await createCustomer(deps, scope, fields, withDetails());
    const racing: Deps = {
      ...deps,
      customers: overriding(deps.customers, {
        update: async (...args) => {
          await deleteCustomer(deps, scope, customer.token);
          return deps.customers.update(...args);
        },
      }),
    };
    await expect(
      updateCustomer(racing, scope, customer.token, { fields: { notes: 'x' }, cards: {} }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe("a customer's cards", () => {
  it('adds a card that is never primary, from details or an unused token', async () => {
    const deps = setUp();
    const customer = await createCustomer(deps, scope, fields, withDetails());
    const token = await unusedToken(deps);
    const fromToken = await addCustomerCard(deps, scope, customer.token, { kind: 'token', token });
    const fromDetails = await addCustomerCard(deps, scope, customer.token, withDetails('5520000000000000'));
    expect(fromToken.token).toBe(token);
    const { customer: now, cards } = await listCustomerCards(deps, scope, customer.token, 1);
    expect(now.primaryCard).toEqual(customer.primaryCard);
    expect(cards.items.map((card) => card.token)).toEqual([
      fromDetails.token,
      fromToken.token,
      customer.primaryCard.token,
    ]);
    await expect(addCustomerCard(deps, scope, customer.token, { kind: 'token', token })).rejects.toEqual(
      cardTokenUsed(),
    );
  });

  it('answers 404 when the customer is deleted while its card is on the way', async () => {
    const deps = setUp();
    const customer = await createCustomer(deps, scope, fields, withDetails());
    const racing: Deps = {
      ...deps,
      customers: overriding(deps.customers, {
        addCard: async (...args) => {
          await deleteCustomer(deps, scope, customer.token);
          return deps.customers.addCard(...args);
        },
      }),
    };
    await expect(addCustomerCard(racing, scope, customer.token, withDetails())).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('deletes a non-primary card, refuses the primary one and answers 404 for one it does not have', async () => {
    const deps = setUp();
    const customer = await createCustomer(deps, scope, fields, withDetails());
    const added = await addCustomerCard(deps, scope, customer.token, withDetails('5520000000000000'));
    await expect(
      deleteCustomerCard(deps, scope, customer.token, customer.primaryCard.token),
    ).rejects.toMatchObject({ code: 'cannot_delete_primary_card', status: 400 });
    await deleteCustomerCard(deps, scope, customer.token, added.token);
    expect(await cardTokensOf(deps, customer.token)).toEqual([customer.primaryCard.token]);
    await expect(deleteCustomerCard(deps, scope, customer.token, added.token)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('refuses a card that became the primary between the read and the removal', async () => {
    const deps = setUp();
    const customer = await createCustomer(deps, scope, fields, withDetails());
    const added = await addCustomerCard(deps, scope, customer.token, withDetails('5520000000000000'));
    let removals = 0;
    const racing: Deps = {
      ...deps,
      customers: overriding(deps.customers, {
        removeCard: async (...args) => {
          if (++removals === 1) {
            await updateCustomer(deps, scope, customer.token, {
              fields: {},
              cards: { primaryCardToken: added.token },
            });
          }
          return deps.customers.removeCard(...args);
        },
      }),
    };
    await expect(deleteCustomerCard(racing, scope, customer.token, added.token)).rejects.toMatchObject({
      code: 'cannot_delete_primary_card',
    });
    expect(removals).toBe(1);
    expect((await cardTokensOf(deps, customer.token)).sort()).toEqual(
      [customer.primaryCard.token, added.token].sort(),
    );
  });
});

describe('deleting a customer', () => {
  it('removes it with every card and records customer.deleted; a second delete is 404', async () => {
    const deps = setUp();
    const customer = await createCustomer(deps, scope, fields, withDetails());
    await addCustomerCard(deps, scope, customer.token, withDetails('5520000000000000'));
    await deleteCustomer(deps, scope, customer.token);
    await expect(getCustomer(deps, scope, customer.token)).rejects.toMatchObject({ code: 'not_found' });
    expect(await deps.customers.getCard(scope, customer.token, customer.primaryCard.token)).toBeNull();
    expect((await recorded(deps)).at(-1)).toMatchObject({
      type: 'customer.deleted',
      // Its cards went with it: Pin's customer.deleted carries card null (recorded in 2024).
      data: { token: customer.token, email: customer.email, card: null },
    });
    await expect(deleteCustomer(deps, scope, customer.token)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('reads again when a card is added in between, and deletes that card too', async () => {
    const deps = setUp();
    const customer = await createCustomer(deps, scope, fields, withDetails());
    let deletions = 0;
    const racing: Deps = {
      ...deps,
      customers: overriding(deps.customers, {
        delete: async (...args) => {
          if (++deletions === 1) await addCustomerCard(deps, scope, customer.token, withDetails());
          return deps.customers.delete(...args);
        },
      }),
    };
    await deleteCustomer(racing, scope, customer.token);
    expect(deletions).toBe(2);
    expect(await deps.customers.get(scope, customer.token)).toBeNull();
  });
});

describe("a customer's lists", () => {
  const chargesOf = (customerToken: string): CustomerChargesReader => ({
    listForCustomer: async (_scope, token) =>
      token === customerToken
        ? { items: [aPayment({ token: 'ch_1', customerToken })], total: 1 }
        : { items: [], total: 0 },
  });

  it("reads the customer's charges, and 404 for a customer that is not the merchant's", async () => {
    const deps = setUp();
    const customer = await createCustomer(deps, scope, fields, withDetails());
    const withCharges = { ...deps, payments: chargesOf(customer.token) };
    const charges = await listCustomerCharges(withCharges, scope, customer.token, 1);
    expect(charges.items.map((charge) => charge.token)).toEqual(['ch_1']);
    await expect(listCustomerCharges(withCharges, other, customer.token, 1)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(listCustomerSubscriptions(deps, other, customer.token, 1)).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await listCustomerSubscriptions(deps, scope, customer.token, 1)).toEqual({ items: [], total: 0 });
  });
});
