import {
  captureOutcomeOf,
  claimOf,
  claimReleaseOf,
  type EventType,
  failoverChangesOf,
  failoverOf,
  type Payment,
  type PaymentChange,
  type PaymentClaim,
  paymentRecoveryDueAt,
  type RecoveryEnd,
  reservationOf,
  routedReservation,
  type Scope,
  settlementOf,
  type TransferLink,
  transitionOf,
} from '@wattle/domain';
import { Changed, JobTaken, jobKinds, TokenTaken, TokenUsed } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { aPayment } from '../helpers/builders.ts';
import { aCard, anEvent, at, type Engine, ids, later, newScope, race, type StorePorts } from './subject.ts';

const now = at('2026-11-21T05:00:00Z');

/** A charge being processed, as a payment request reserves it. */
export const aCharge = (when: Date, overrides: Partial<Payment> = {}): Payment =>
  aPayment({
    token: ids.token('ch'),
    state: 'processing',
    card: aCard(when),
    createdAt: when.toISOString(),
    expiresAt: null,
    totalFees: null,
    ...overrides,
  });

/** What the processor's approval makes of a reserved charge, captured at `when`. */
export const captured = (charge: Payment, when: Date): Payment => ({
  ...charge,
  state: 'captured',
  capturedAt: when.toISOString(),
  amountCaptured: charge.amount,
  totalFees: 48,
});

/** The event a payment's new state records. */
const eventTypeOf = (payment: Payment): EventType =>
  payment.state === 'failed' || payment.state === 'authorised' || payment.state === 'voided'
    ? `charge.${payment.state}`
    : 'charge.captured';

/** Reserves `charge` as a payment request does: its own recovery job, using up what it pays with. */
const reserve = (
  ports: StorePorts,
  scope: Scope,
  charge: Payment,
  when: Date,
  uses: { cardToken: string | null; paymentSourceToken: string | null } = {
    cardToken: null,
    paymentSourceToken: null,
  },
) =>
  ports.payments.commit(
    scope,
    reservationOf({ payment: charge, sealedNumber: `sealed-${charge.token}`, uses, recovery: 'own' }),
    when,
  );

/** Settles a payment reserved while processing as `after` (its recovery job ended, or claimed by its run). */
const settle = (
  ports: StorePorts,
  scope: Scope,
  after: Payment,
  when: Date,
  recovery: RecoveryEnd = { by: 'own' },
) =>
  ports.payments.commit(
    scope,
    settlementOf({
      before: { ...after, state: 'processing' },
      after,
      event: anEvent(eventTypeOf(after), when),
      recovery,
      now: when,
    }),
    when,
  );

/** Settles a reserved payment as authorised, its lease on the funds `leaseMs` long: the payment authorised. */
const authorise = async (ports: StorePorts, scope: Scope, reserved: Payment, leaseMs: number) => {
  const authorised: Payment = {
    ...reserved,
    state: 'authorised',
    expiresAt: later(now, leaseMs).toISOString(),
  };
  await settle(ports, scope, authorised, now);
  return authorised;
};

/** A void or a capture of an authorised payment (capturing an authorisation: into `charge`). */
const transition = (ports: StorePorts, scope: Scope, after: Payment, when: Date, charge?: Payment) => {
  const changes: PaymentChange[] = transitionOf({
    after,
    charge,
    event: anEvent(eventTypeOf(after), when),
    now: when,
  });
  return ports.payments.commit(scope, changes, when);
};

/** A charge reserved and captured at `when`, as a payment request makes one: its proceeds in the balance. */
export const capturedCharge = async (
  ports: StorePorts,
  scope: Scope,
  when: Date,
  overrides: Partial<Payment> = {},
): Promise<Payment> => {
  const charge = aCharge(when, overrides);
  await reserve(ports, scope, charge, when);
  const done = captured(charge, when);
  await settle(ports, scope, done, when);
  return { ...done, transfers: [] };
};

/** PaymentsStore (with its TransferLinks): reservations, settlements, leases, lists. */
export const describePayments = (engine: Engine) => {
  describe('payments', () => {
    it('are reserved once per token with their sealed number and recovery job, out of the lists', async () => {
      const ports = engine();
      const scope = newScope();
      const charge = aCharge(now);
      await reserve(ports, scope, charge, now);
      expect(await ports.payments.get(scope, charge.token)).toEqual({ ...charge, transfers: [] });
      expect(await ports.payments.sealedSecretsOf(scope, charge.token)).toEqual({
        sealedNumber: `sealed-${charge.token}`,
      });
      expect(await ports.payments.list(scope, 'charge', 1)).toEqual({ items: [], total: 0 });
      await expect(reserve(ports, scope, charge, now)).rejects.toEqual(
        new TokenTaken('payment', charge.token),
      );
      const recovery = await ports.schedule.due(jobKinds.paymentRecovery, paymentRecoveryDueAt(charge));
      expect(recovery.filter((job) => job.token === charge.token)).toHaveLength(1);
      expect(await ports.payments.get(newScope(), charge.token)).toBeNull();
    });

    it("move to their route's next account once, from the account they were read on, keeping the sealed number", async () => {
      const ports = engine();
      const scope = newScope();
      const charge = routedReservation(aCharge(now), ['first', 'second', 'third'], now);
      await reserve(ports, scope, charge, now);
      const refused = { outcome: 'not_processed' as const, raw: { code: 'not_sent', reason: 'refused' } };
      const moved = failoverOf(charge, refused, later(now, 1000))!;
      const { won, refusals } = await race(
        ports.payments.commit(scope, failoverChangesOf(charge, moved), now),
        ports.payments.commit(scope, failoverChangesOf(charge, moved), now),
      );
      expect(won).toBe(1);
      expect(refusals).toEqual([new Changed('payment', charge.token)]);
      expect(await ports.payments.get(scope, charge.token)).toEqual({ ...moved, transfers: [] });
      expect(await ports.payments.sealedSecretsOf(scope, charge.token)).toEqual({
        sealedNumber: `sealed-${charge.token}`,
      });
      // Moved on from the second only by a request that read it there; never once it is settled.
      const third = failoverOf(moved, refused, later(now, 2000))!;
      await ports.payments.commit(scope, failoverChangesOf(moved, third), now);
      await settle(ports, scope, captured(third, now), now);
      await expect(ports.payments.commit(scope, failoverChangesOf(moved, third), now)).rejects.toEqual(
        new Changed('payment', charge.token),
      );
    });

    it('use a card token up: of two reservations with one token, the second is TokenUsed', async () => {
      const ports = engine();
      const scope = newScope();
      const sealed = await ports.cardTokens.seal(scope, aCard(now), '4200000000000000');
      await ports.cardTokens.put(scope, sealed, later(now, 3600_000));
      const attempt = (charge: Payment) =>
        reserve(ports, scope, charge, now, { cardToken: sealed.card.token, paymentSourceToken: null });
      expect(await ports.cardTokens.wasUsed(scope, sealed.card.token, now)).toBe(false);
      const { won, refusals } = await race(attempt(aCharge(now)), attempt(aCharge(now)));
      expect(won).toBe(1);
      expect(refusals).toEqual([new TokenUsed(sealed.card.token)]);
      expect(await ports.cardTokens.wasUsed(scope, sealed.card.token, now)).toBe(true);
    });

    it("hold a card token's sealed CVC from the reservation that uses the token up until the write that settles them", async () => {
      const ports = engine();
      const scope = newScope();
      const sealed = await ports.cardTokens.seal(scope, aCard(now), '4200000000000000', '123');
      await ports.cardTokens.put(scope, sealed, later(now, 3600_000));
      const charge = aCharge(now);
      await ports.payments.commit(
        scope,
        reservationOf({
          payment: charge,
          sealedNumber: sealed.sealedNumber,
          sealedCvc: sealed.sealedCvc,
          uses: { cardToken: sealed.card.token, paymentSourceToken: null },
          recovery: 'own',
        }),
        now,
      );
      expect(await ports.cardTokens.findUnused(scope, sealed.card.token, now)).toBeNull();
      expect(await ports.payments.sealedSecretsOf(scope, charge.token)).toEqual({
        sealedNumber: sealed.sealedNumber,
        sealedCvc: sealed.sealedCvc,
      });
      await settle(ports, scope, captured(charge, now), now);
      expect(await ports.payments.sealedSecretsOf(scope, charge.token)).toBeNull();
    });

    it('hold no CVC when their reservation was given none (a stored card)', async () => {
      const ports = engine();
      const scope = newScope();
      const charge = aCharge(now);
      await reserve(ports, scope, charge, now);
      expect(await ports.payments.sealedSecretsOf(scope, charge.token)).toEqual({
        sealedNumber: `sealed-${charge.token}`,
      });
    });

    it('are settled once: the lists, counts and balance follow, the sealed number and recovery job go', async () => {
      const ports = engine();
      const scope = newScope();
      const customerToken = ids.token('cus');
      const charge = aCharge(now, { customerToken });
      await reserve(ports, scope, charge, now);
      const done = captured(charge, now);
      const { won, refusals } = await race(settle(ports, scope, done, now), settle(ports, scope, done, now));
      expect(won).toBe(1);
      expect(refusals).toEqual([new Changed('payment', charge.token)]);
      const shown = { ...done, transfers: [] };
      expect(await ports.payments.get(scope, charge.token)).toEqual(shown);
      expect(await ports.payments.sealedSecretsOf(scope, charge.token)).toBeNull();
      expect(await ports.payments.list(scope, 'charge', 1)).toEqual({ items: [shown], total: 1 });
      expect(await ports.payments.listForCustomer(scope, customerToken, 1)).toEqual({
        items: [shown],
        total: 1,
      });
      expect(await ports.payments.list(scope, 'authorisation', 1)).toEqual({ items: [], total: 0 });
      const recovery = await ports.schedule.due(jobKinds.paymentRecovery, paymentRecoveryDueAt(charge));
      expect(recovery.some((job) => job.token === charge.token)).toBe(false);
      expect(await ports.balance.read(scope, now)).toEqual([
        { currency: 'AUD', available: 0, unsettled: 952 },
      ]);
      expect(await ports.balance.read(scope, later(now, 10 * 86_400_000))).toEqual([
        { currency: 'AUD', available: 952, unsettled: 0 },
      ]);
      expect((await ports.events.list(scope, 1)).items.map((e) => e.type)).toEqual(['charge.captured']);
    });

    it('are settled by their recovery job once: a second run is JobTaken', async () => {
      const ports = engine();
      const scope = newScope();
      const charge = aCharge(now);
      await reserve(ports, scope, charge, now);
      const [job] = (await ports.schedule.due(jobKinds.paymentRecovery, paymentRecoveryDueAt(charge))).filter(
        (j) => j.token === charge.token,
      );
      const failed: Payment = { ...charge, state: 'failed' };
      const run = () => settle(ports, scope, failed, now, { by: 'run', dueAt: job!.dueAt });
      const { won, refusals } = await race(run(), run());
      expect(won).toBe(1);
      expect(refusals).toEqual([new JobTaken(jobKinds.paymentRecovery, charge.token)]);
      expect(await ports.balance.read(scope, now)).toEqual([]);
    });

    it('are captured or voided from their authorisation once, within its lease (Changed after)', async () => {
      const ports = engine();
      const scope = newScope();
      const charge = aCharge(now, { captureOnSuccess: false });
      await reserve(ports, scope, charge, now);
      const authorised = await authorise(ports, scope, charge, 3600_000);
      const capture = () => transition(ports, scope, captured(authorised, now), now);
      const voiding = () =>
        transition(ports, scope, { ...authorised, state: 'voided', voidedAt: now.toISOString() }, now);
      const { won, refusals } = await race(capture(), voiding());
      expect(won).toBe(1);
      expect(refusals).toEqual([new Changed('payment', charge.token)]);

      const other = aCharge(now);
      await reserve(ports, scope, other, now);
      const held = await authorise(ports, scope, other, 1000);
      const late = later(now, 1000);
      await expect(transition(ports, scope, captured(held, late), late)).rejects.toEqual(
        new Changed('payment', other.token),
      );
    });

    it('are claimed by one void or capture at a time before the processor is asked, its commit needing the claim', async () => {
      const ports = engine();
      const scope = newScope();
      const charge = aCharge(now, { captureOnSuccess: false });
      await reserve(ports, scope, charge, now);
      const authorised = await authorise(ports, scope, charge, 3600_000);
      const capture = { action: 'capture', amount: authorised.amount } as const;
      const voiding = { action: 'void' } as const;
      const claim = (c: PaymentClaim) => ports.payments.commit(scope, claimOf(authorised, c), now);
      const { won, refusals } = await race(claim(capture), claim(voiding));
      expect(won).toBe(1);
      expect(refusals).toEqual([new Changed('payment', charge.token)]);
      const held = (await ports.payments.get(scope, charge.token))!.claim!;
      const other = held.action === 'void' ? capture : voiding;
      // The same action claims again (a retry); another, or another amount, is Changed.
      await claim(held);
      await expect(claim(other)).rejects.toEqual(new Changed('payment', charge.token));
      await expect(claim({ action: 'capture', amount: 1 })).rejects.toEqual(
        new Changed('payment', charge.token),
      );
      const done =
        held.action === 'void' ? { ...authorised, state: 'voided' as const } : captured(authorised, now);
      // A transition needs its own claim: another's is Changed.
      const commit = (c: PaymentClaim) =>
        ports.payments.commit(
          scope,
          transitionOf({ claim: c, after: done, event: anEvent(eventTypeOf(done), now), now }),
          now,
        );
      await expect(commit(other)).rejects.toEqual(new Changed('payment', charge.token));
      await commit(held);
      const after = await ports.payments.get(scope, charge.token);
      expect(after?.state).toBe(done.state);
      expect(after?.claim).toBeUndefined();
      // Nothing left to claim once it is no longer authorised.
      await expect(claim(held)).rejects.toEqual(new Changed('payment', charge.token));

      // A refused claim is given back (once: a second release is Changed), and another may claim.
      const next = aCharge(now, { captureOnSuccess: false });
      await reserve(ports, scope, next, now);
      const free = await authorise(ports, scope, next, 3600_000);
      await ports.payments.commit(scope, claimOf(free, capture), now);
      await ports.payments.commit(scope, claimReleaseOf(free, capture), now);
      await expect(ports.payments.commit(scope, claimReleaseOf(free, capture), now)).rejects.toEqual(
        new Changed('payment', next.token),
      );
      expect((await ports.payments.get(scope, next.token))?.claim).toBeUndefined();
      await ports.payments.commit(scope, claimOf(free, voiding), now);
      expect((await ports.payments.get(scope, next.token))?.claim).toEqual(voiding);
    });

    it('list the charges made in a time range, newest first, at most as many as asked', async () => {
      const ports = engine();
      const scope = newScope();
      const made: Payment[] = [];
      for (let i = 0; i < 4; i++) made.push(await capturedCharge(ports, scope, later(now, i * 1000)));
      const between = await ports.payments.chargesBetween(scope, later(now, 1000), later(now, 3000), 10);
      expect(between.map((p) => p.token)).toEqual([made[2]!.token, made[1]!.token]);
      const newest = await ports.payments.chargesBetween(scope, null, null, 3);
      expect(newest.map((p) => p.token)).toEqual([made[3]!.token, made[2]!.token, made[1]!.token]);
    });

    it('lead back from their 3-D Secure session, which one payment holds', async () => {
      const ports = engine();
      const scope = newScope();
      const sessionToken = ids.token('se');
      const threeDSecure = {
        sessionToken,
        callbackUrl: 'https://example.com/back',
        fallbackOk: false,
        result: null,
      };
      const charge = aCharge(now, { state: 'pending_3ds', threeDSecure });
      await reserve(ports, scope, charge, now);
      expect(await ports.payments.session(sessionToken)).toEqual({ scope, paymentToken: charge.token });
      expect(await ports.payments.session(ids.token('se'))).toBeNull();
      // Pending in the lists while the payer is away.
      expect((await ports.payments.list(scope, 'charge', 1)).items.map((p) => p.state)).toEqual([
        'pending_3ds',
      ]);
      const another = aCharge(now, { state: 'pending_3ds', threeDSecure });
      await expect(reserve(ports, scope, another, now)).rejects.toThrow();
      expect(await ports.payments.get(scope, another.token)).toBeNull();
      expect(await ports.payments.session(sessionToken)).toEqual({ scope, paymentToken: charge.token });
    });

    it('capture an authorisation into a new charge, listed and credited, the authorisation captured', async () => {
      const ports = engine();
      const scope = newScope();
      const authorisation = aCharge(now, { kind: 'authorisation', token: ids.token('auth') });
      await reserve(ports, scope, authorisation, now);
      const authorised = await authorise(ports, scope, authorisation, 3600_000);
      const charge = captured(aCharge(now, { authorisationToken: authorisation.token }), now);
      const done: Payment = { ...authorised, state: 'captured', capturedAt: now.toISOString() };
      await transition(ports, scope, done, now, charge);
      expect(await ports.payments.get(scope, charge.token)).toEqual({ ...charge, transfers: [] });
      expect((await ports.payments.get(scope, authorisation.token))?.state).toBe('captured');
      expect((await ports.payments.list(scope, 'charge', 1)).total).toBe(1);
      expect((await ports.payments.list(scope, 'authorisation', 1)).total).toBe(1);
      expect(await ports.balance.read(scope, later(now, 10 * 86_400_000))).toEqual([
        { currency: 'AUD', available: 952, unsettled: 0 },
      ]);
      const again = transition(ports, scope, done, now, charge);
      await expect(again).rejects.toEqual(new Changed('payment', authorisation.token));
    });

    it('end a pending capture once: confirmed stays captured, failed takes its proceeds back (Changed after)', async () => {
      const ports = engine();
      const scope = newScope();
      const settledAt = later(now, 10 * 86_400_000);
      const confirming = await capturedCharge(ports, scope, now, { capturePending: true });
      const confirmed: Payment = { ...confirming, capturePending: false };
      await ports.payments.commit(scope, captureOutcomeOf({ before: confirming, after: confirmed }), now);
      await ports.payments.commit(scope, captureOutcomeOf({ before: confirming, after: confirmed }), now);
      expect(await ports.payments.get(scope, confirming.token)).toEqual(confirmed);
      expect((await ports.balance.ledger(scope, 'AUD', settledAt)).available).toBe(952);

      const failing = await capturedCharge(ports, scope, now, { capturePending: true });
      const failed: Payment = { ...failing, state: 'failed', capturePending: false };
      const fail = () =>
        ports.payments.commit(
          scope,
          captureOutcomeOf({ before: failing, after: failed, event: anEvent('charge.failed', now) }),
          now,
        );
      const { won, refusals } = await race(fail(), fail());
      expect(won).toBe(1);
      expect(refusals).toEqual([new Changed('payment', failing.token)]);
      expect(await ports.payments.get(scope, failing.token)).toMatchObject({ state: 'failed' });
      // Both charges' proceeds were credited; the failed one's are debited once.
      expect((await ports.balance.ledger(scope, 'AUD', settledAt)).available).toBe(952);
    });

    it('show each transfer that paid them out once, and restate it where it is', async () => {
      const ports = engine();
      const scope = newScope();
      const charge = await capturedCharge(ports, scope, now);
      const link: TransferLink = { token: ids.token('tfer'), state: 'succeeded', paidAt: now.toISOString() };
      await ports.payments.linkTransfer(scope, charge.token, link);
      await ports.payments.linkTransfer(scope, charge.token, link);
      expect((await ports.payments.get(scope, charge.token))?.transfers).toEqual([link]);
      const failed: TransferLink = { ...link, state: 'failed' };
      await ports.payments.restateTransfer(scope, charge.token, failed);
      expect((await ports.payments.get(scope, charge.token))?.transfers).toEqual([failed]);
    });
  });
};
