import {
  type Dispute,
  type Payment,
  type Refund,
  type Scope,
  stoodPaymentRefund,
  type Transfer,
} from '@wattle/domain';
import {
  BalanceShort,
  Changed,
  JobTaken,
  jobKinds,
  Locked,
  Missing,
  type PayoutLedger,
  TokenTaken,
} from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { capturedCharge } from './payments.contract.ts';
import {
  aBankAccount,
  anAccount,
  anEvent,
  at,
  type Engine,
  ids,
  later,
  newScope,
  race,
  type StorePorts,
} from './subject.ts';

const now = at('2026-11-21T05:00:00Z');
const day = 86_400_000;
/** When the proceeds of a charge captured `now` are available. */
const settled = later(now, 10 * day);

const aRefund = (charge: Payment, amount: number): Refund => ({
  token: ids.token('rf'),
  chargeToken: charge.token,
  amount,
  currency: charge.currency,
  createdAt: now.toISOString(),
  state: 'pending',
  errorMessage: null,
});

const refund = (ports: StorePorts, scope: Scope, charge: Payment, amount: number, credited = 952) =>
  ports.refunds.create(
    scope,
    aRefund(charge, amount),
    anEvent('refund.created', now),
    later(now, 3600_000),
    now,
    credited,
  );

/** A new merchant's captured charge, and its refund of `amount` (pending, settling in an hour). */
const aChargeRefunded = async (ports: StorePorts, amount: number) => {
  const scope = newScope();
  const charge = await capturedCharge(ports, scope, now);
  const made = aRefund(charge, amount);
  await ports.refunds.create(scope, made, anEvent('refund.created', now), later(now, 3600_000), now, 952);
  return { ports, scope, charge, made };
};

const aTransfer = (amount: number, recipient = 'self'): Transfer => ({
  token: ids.token('tfer'),
  status: 'succeeded',
  currency: 'AUD',
  description: 'payout',
  amount,
  totalCredits: amount,
  totalDebits: 0,
  createdAt: now.toISOString(),
  paidAt: now.toISOString(),
  reference: 'ref',
  lineItemsCount: 0,
  bankAccount: aBankAccount(now),
  recipient,
  creditsFrom: 0,
});

const transferOut = async (
  ports: StorePorts,
  scope: Scope,
  transfer: Transfer,
  when = settled,
  read?: Promise<PayoutLedger>,
) => {
  const ledger = await (read ?? ports.balance.ledger(scope, 'AUD', when));
  return ports.transfers.create(scope, transfer, anEvent('transfer.created', when), when, {
    ledger,
    job: { cursor: null },
    walkEnd: null,
    consumes: transfer.totalCredits,
  });
};

/** A dispute the issuer opens on `charge`, as its opening job makes it. */
const aDisputeOf = (charge: Payment): Dispute => ({
  token: ids.token('dis'),
  category: 'general',
  status: 'evidence_required',
  amount: charge.amount,
  currency: charge.currency,
  fee: 1500,
  charge,
  receivedAt: now.toISOString(),
  evidenceRequiredBy: later(now, 14 * day).toISOString(),
  evidence: {},
  activity: [],
  version: 1,
  withdrawn: false,
  arbitration: false,
});

/** RefundsStore, TransfersStore, DepositsStore, DisputesStore and BalanceStore: the money's moves. */
export const describeMoney = (engine: Engine) => {
  describe('refunds', () => {
    it('never take more than is left of the charge: of racing refunds past it, the others are Changed', async () => {
      const ports = engine();
      const scope = newScope();
      const charge = await capturedCharge(ports, scope, now);
      const { won, refusals } = await race(
        refund(ports, scope, charge, 600),
        refund(ports, scope, charge, 600),
      );
      expect(won).toBe(1);
      expect(refusals).toEqual([new Changed('charge', charge.token)]);
      expect(await ports.payments.get(scope, charge.token)).toMatchObject({
        amountRefunded: 600,
        pendingRefunds: 1,
      });
      expect((await ports.refunds.list(scope, 1)).total).toBe(1);
      expect((await ports.refunds.listForCharge(scope, charge.token, 1)).total).toBe(1);
      expect((await ports.balance.ledger(scope, 'AUD', settled)).available).toBe(352);
    });

    it('are BalanceShort when the debits would pass the credits read (a transfer took the money since)', async () => {
      const ports = engine();
      const scope = newScope();
      const charge = await capturedCharge(ports, scope, now);
      await transferOut(ports, scope, aTransfer(500));
      await expect(refund(ports, scope, charge, 500, 952)).rejects.toEqual(new BalanceShort(500));
      expect(await ports.refunds.list(scope, 1)).toEqual({ items: [], total: 0 });
      expect(await ports.payments.get(scope, charge.token)).toMatchObject({ amountRefunded: 0 });
    });

    it('settle once by their job; a failed one gives its amount back to the charge and the balance', async () => {
      const { ports, scope, charge, made } = await aChargeRefunded(engine(), 300);
      const [job] = (await ports.schedule.due(jobKinds.refundSettlement, later(now, 3600_000))).filter(
        (j) => j.token === made.token,
      );
      const failed: Refund = { ...made, state: 'failed', errorMessage: 'declined' };
      const settle = () =>
        ports.refunds.settle(scope, charge, failed, { job: job!, event: anEvent('refund.failed', now) }, now);
      const { won, refusals } = await race(settle(), settle());
      expect(won).toBe(1);
      expect(refusals).toEqual([new JobTaken(jobKinds.refundSettlement, made.token)]);
      expect(await ports.refunds.get(scope, made.token)).toEqual(failed);
      expect(await ports.payments.get(scope, charge.token)).toMatchObject({
        amountRefunded: 0,
        pendingRefunds: 0,
      });
      const ledger = await ports.balance.ledger(scope, 'AUD', settled);
      expect(ledger).toMatchObject({ available: 952, version: 2, consumed: 300 });
      expect(ledger.givenBack).toEqual([
        expect.objectContaining({ chargeToken: charge.token, givenBack: 300 }),
      ]);
      // The whole charge is refundable again (more than the 700 left before the failure).
      await refund(ports, scope, charge, 900);
    });

    it('settle from pending as the processor answers: still pending, then succeeded, then failed from succeeded', async () => {
      const { ports, scope, charge, made } = await aChargeRefunded(engine(), 300);
      // Taken by the processor, its answer to come: only the refund is written, and the job of the
      // processor's own settlement when it gives one, its notification kept with it.
      const taken: Refund = { ...made, errorMessage: null };
      const settlement = {
        kind: jobKinds.processorSettlement,
        scope,
        token: made.token,
        dueAt: new Date(now.getTime() + 120_000),
        data: {
          notification: { id: 'refund.settled', kind: 'refund', amount: { amount: 300, currency: 'AUD' } },
        },
      };
      await ports.refunds.settle(scope, charge, taken, { schedules: settlement }, now);
      expect(await ports.payments.get(scope, charge.token)).toMatchObject({
        amountRefunded: 300,
        pendingRefunds: 1,
      });
      const dueBy = async (at: Date) =>
        (await ports.schedule.due(jobKinds.processorSettlement, at)).filter(
          (job) => job.token === made.token,
        );
      expect(await dueBy(new Date(now.getTime() + 60_000))).toEqual([]);
      expect(await dueBy(settlement.dueAt)).toEqual([settlement]);
      const succeeded: Refund = { ...made, state: 'succeeded' };
      await ports.refunds.settle(scope, charge, succeeded, { event: anEvent('refund.succeeded', now) }, now);
      expect(await ports.refunds.get(scope, made.token)).toEqual(succeeded);
      expect(await ports.payments.get(scope, charge.token)).toMatchObject({
        amountRefunded: 300,
        pendingRefunds: 0,
      });
      // From pending no more: another run or notification came first.
      await expect(ports.refunds.settle(scope, charge, succeeded, {}, now)).rejects.toEqual(
        new Changed('refund', made.token),
      );
      // The processor failed it after it succeeded: its amount back to the charge and the balance, once.
      const failed: Refund = { ...made, state: 'failed', errorMessage: 'reversed' };
      const fail = () =>
        ports.refunds.settle(
          scope,
          charge,
          failed,
          { event: anEvent('refund.failed', now), from: 'succeeded' },
          now,
        );
      const { won, refusals } = await race(fail(), fail());
      expect(won).toBe(1);
      expect(refusals).toEqual([new Changed('refund', made.token)]);
      expect(await ports.refunds.get(scope, made.token)).toEqual(failed);
      expect(await ports.payments.get(scope, charge.token)).toMatchObject({
        amountRefunded: 0,
        pendingRefunds: 0,
      });
      expect((await ports.balance.ledger(scope, 'AUD', settled)).available).toBe(952);
    });
    it('of a stood payment are recorded once, alone, and settle without touching the charge or the balance', async () => {
      const ports = engine();
      const scope = newScope();
      const charge = await capturedCharge(ports, scope, now);
      const before = await ports.balance.ledger(scope, 'AUD', settled);
      const stood = stoodPaymentRefund(charge, ids.token('rf'), now);
      await ports.refunds.recordOfStoodPayment(scope, stood, now);
      await ports.refunds.recordOfStoodPayment(scope, { ...stood, amount: 1 }, now);
      expect(await ports.refunds.get(scope, stood.token)).toEqual(stood);
      // In no list, with no job.
      expect((await ports.refunds.listForCharge(scope, charge.token, 1)).total).toBe(0);
      expect((await ports.refunds.list(scope, 1)).total).toBe(0);
      const failed: Refund = { ...stood, state: 'failed', errorMessage: 'Card closed' };
      await ports.refunds.settle(scope, charge, failed, {}, now);
      await expect(ports.refunds.settle(scope, charge, failed, {}, now)).rejects.toEqual(
        new Changed('refund', stood.token),
      );
      expect(await ports.refunds.get(scope, stood.token)).toEqual(failed);
      expect(await ports.payments.get(scope, charge.token)).toMatchObject({
        amountRefunded: 0,
        pendingRefunds: 0,
      });
      expect(await ports.balance.ledger(scope, 'AUD', settled)).toEqual(before);
    });
  });

  describe('transfers', () => {
    it('debit the balance as read: of two transfers from one reading, the other is Changed', async () => {
      const ports = engine();
      const scope = newScope();
      await capturedCharge(ports, scope, now);
      const recipient = ids.token('rp');
      // One reading for both: the second to write finds the ledger moved since (read twice, the
      // second read could follow the first write and both would win).
      const reading = ports.balance.ledger(scope, 'AUD', settled);
      const { won, refusals } = await race(
        transferOut(ports, scope, aTransfer(500, recipient), settled, reading),
        transferOut(ports, scope, aTransfer(400), settled, reading),
      );
      expect(won).toBe(1);
      expect(refusals).toEqual([new Changed('balance', 'AUD')]);
      const ledger = await ports.balance.ledger(scope, 'AUD', settled);
      expect(ledger.version).toBe(1);
      expect(ledger.available === 452 || ledger.available === 552).toBe(true);
      expect((await ports.transfers.list(scope, 1)).total).toBe(1);
    });

    it('are listed by merchant and recipient, found by time, and schedule their payout job', async () => {
      const ports = engine();
      const scope = newScope();
      const recipient = ids.token('rp');
      const first = aTransfer(100, recipient);
      const job = await transferOut(ports, scope, first, now);
      expect(job).toEqual({
        kind: jobKinds.transferPayout,
        scope,
        token: first.token,
        dueAt: now,
        data: { cursor: null },
      });
      expect(
        (await ports.schedule.due(jobKinds.transferPayout, now)).some((j) => j.token === first.token),
      ).toBe(true);
      const second = aTransfer(100);
      await transferOut(ports, scope, second, later(now, 1000));
      expect(await ports.transfers.get(scope, first.token)).toEqual(first);
      expect((await ports.transfers.list(scope, 1)).items.map((t) => t.token)).toEqual([
        second.token,
        first.token,
      ]);
      expect(await ports.transfers.listForRecipient(scope, recipient, 1)).toEqual({
        items: [first],
        total: 1,
      });
      expect((await ports.transfers.between(scope, now, later(now, 1000), 10)).map((t) => t.token)).toEqual([
        first.token,
      ]);
      expect((await ports.balance.ledger(scope, 'AUD', now)).available).toBe(-200);
    });

    it('keep their line items in payout order, written once however often', async () => {
      const ports = engine();
      const scope = newScope();
      const transfer = { ...aTransfer(100), lineItemsCount: 27 };
      await transferOut(ports, scope, transfer);
      const items = Array.from({ length: 27 }, (_, i) => ({ n: i + 1 }) as never);
      await ports.transfers.putLineItems(scope, transfer.token, 1, items.slice(0, 20));
      await ports.transfers.putLineItems(scope, transfer.token, 21, items.slice(20));
      await ports.transfers.putLineItems(scope, transfer.token, 21, items.slice(20));
      expect(await ports.transfers.lineItems(scope, transfer, 1)).toEqual({
        items: items.slice(0, 25),
        total: 27,
      });
      expect(await ports.transfers.lineItems(scope, transfer, 2)).toEqual({
        items: items.slice(25),
        total: 27,
      });
    });

    it('fail once when returned: the money back, JobTaken or Changed for the other run', async () => {
      const ports = engine();
      const scope = newScope();
      const transfer = aTransfer(100);
      const ledger = await ports.balance.ledger(scope, 'AUD', now);
      await ports.transfers.create(scope, transfer, anEvent('transfer.created', now), now, {
        ledger,
        job: { cursor: null },
        walkEnd: null,
        consumes: 100,
        returnsAt: later(now, day),
      });
      const [job] = (await ports.schedule.due(jobKinds.transferReturn, later(now, day))).filter(
        (j) => j.token === transfer.token,
      );
      const failed: Transfer = { ...transfer, status: 'failed' };
      const fail = () => ports.transfers.fail(scope, failed, [], anEvent('transfer.failed', now), job!, now);
      const { won, refusals } = await race(fail(), fail());
      expect(won).toBe(1);
      expect(refusals).toHaveLength(1);
      expect(refusals[0]).toEqual(new Changed('transfer', transfer.token));
      expect(await ports.transfers.get(scope, transfer.token)).toEqual(failed);
      expect((await ports.balance.ledger(scope, 'AUD', now)).available).toBe(0);
    });
  });

  describe('deposits', () => {
    it("are made once a day, moving the daily job on: the day's second is TokenTaken, a stale job JobTaken", async () => {
      const ports = engine();
      const account = anAccount(at('2026-11-01T00:00:00Z'), { transfersEnabled: false });
      await ports.accounts.create(account, []);
      const scope: Scope = { accountId: account.id, environment: 'test' };
      const [job] = (await ports.schedule.due(jobKinds.dailyDeposit, now)).filter(
        (j) => j.token === account.id && j.scope.environment === 'test',
      );
      const deposit = {
        token: `dpo_${account.id}_20261121`,
        status: 'succeeded' as const,
        amount: 0,
        currency: 'AUD',
        narration: 'n',
        createdAt: now.toISOString(),
        availableAt: now.toISOString(),
        bankAccount: aBankAccount(now),
      };
      const debit = { ledger: await ports.balance.ledger(scope, 'AUD', now), walkEnd: null, consumes: 0 };
      const next = later(job!.dueAt, day);
      await ports.deposits.create(scope, deposit, anEvent('deposit.created', now), now, debit, job!, next);
      expect(await ports.deposits.get(scope, deposit.token)).toEqual(deposit);
      expect(await ports.deposits.list(scope, 1)).toEqual({ items: [deposit], total: 1 });
      const again = ports.deposits.create(
        scope,
        deposit,
        anEvent('deposit.created', now),
        now,
        debit,
        job!,
        next,
      );
      await expect(again).rejects.toEqual(new TokenTaken('deposit', deposit.token));
      await expect(ports.deposits.skip(job!, next)).rejects.toEqual(
        new JobTaken(jobKinds.dailyDeposit, account.id),
      );
      const [moved] = (await ports.schedule.due(jobKinds.dailyDeposit, next)).filter(
        (j) => j.token === account.id && j.scope.environment === 'test',
      );
      expect(moved?.dueAt).toEqual(next);
      await ports.deposits.skip(moved!, later(next, day));
    });
  });

  describe('disputes', () => {
    /** A charge on a dispute test card, captured: the issuer's opening job is due two days on. */
    const disputable = async (ports: StorePorts, scope: Scope) => {
      const charge = await capturedCharge(ports, scope, now, { disputeCase: { category: 'general' } });
      const [job] = (await ports.schedule.due(jobKinds.disputeOpening, later(now, 2 * day))).filter(
        (j) => j.token === charge.token,
      );
      return { charge, job: job! };
    };

    it('open once on a charge as read, taking its amount and fee from the balance', async () => {
      const ports = engine();
      const scope = newScope();
      const { charge, job } = await disputable(ports, scope);
      const open = () => {
        const dispute = aDisputeOf(charge);
        return ports.disputes.open(
          scope,
          dispute,
          charge,
          { claim: job, event: anEvent('dispute.evidence_required', now) },
          now,
        );
      };
      const { won, refusals } = await race(open(), open());
      expect(won).toBe(1);
      expect(refusals).toEqual([new JobTaken(jobKinds.disputeOpening, charge.token)]);
      const [dispute] = await ports.disputes.all(scope, 10);
      expect(await ports.disputes.get(scope, dispute!.token)).toEqual(dispute);
      expect(await ports.disputes.count(scope)).toBe(1);
      expect((await ports.payments.get(scope, charge.token))?.dispute).toEqual({
        token: dispute!.token,
        open: true,
      });
      expect((await ports.balance.ledger(scope, 'AUD', settled)).available).toBe(952 - 1000 - 1500);
      await expect(refund(ports, scope, charge, 100)).rejects.toEqual(new Changed('charge', charge.token));
    });

    it('are not opened on a charge refunded since it was read (Changed)', async () => {
      const ports = engine();
      const scope = newScope();
      const { charge, job } = await disputable(ports, scope);
      await refund(ports, scope, charge, 100);
      const open = ports.disputes.open(
        scope,
        aDisputeOf(charge),
        charge,
        { claim: job, event: anEvent('dispute.evidence_required', now) },
        now,
      );
      await expect(open).rejects.toEqual(new Changed('charge', charge.token));
      expect(await ports.disputes.count(scope)).toBe(0);
    });

    it('step once from the version read (Changed for the other), closing the charge with a won one', async () => {
      const ports = engine();
      const scope = newScope();
      const { charge, job } = await disputable(ports, scope);
      const read = aDisputeOf(charge);
      await ports.disputes.open(
        scope,
        read,
        charge,
        { claim: job, event: anEvent('dispute.evidence_required', now) },
        now,
      );
      const won: Dispute = { ...read, status: 'won', version: 2 };
      const step = (next: Dispute) =>
        ports.disputes.step(scope, read, next, { event: anEvent('dispute.won', now), giveBack: true }, now);
      const outcome = await race(step(won), step({ ...won, status: 'lost' }));
      expect(outcome.won).toBe(1);
      expect(outcome.refusals).toEqual([new Changed('dispute', read.token)]);
      const stepped = (await ports.disputes.get(scope, read.token))!;
      expect(stepped.version).toBe(2);
      expect((await ports.payments.get(scope, charge.token))?.dispute).toEqual({
        token: read.token,
        open: false,
      });
      expect((await ports.balance.ledger(scope, 'AUD', settled)).available).toBe(952 - 1500);
    });
  });

  describe('disputes with evidence', () => {
    it('submit files all or none (Missing names the one not there), locking them, and cancel the deadline', async () => {
      const ports = engine();
      const scope = newScope();
      const charge = await capturedCharge(ports, scope, now, { disputeCase: { category: 'general' } });
      const [claim] = (await ports.schedule.due(jobKinds.disputeOpening, later(now, 2 * day))).filter(
        (j) => j.token === charge.token,
      );
      const read = aDisputeOf(charge);
      const deadline = {
        kind: jobKinds.disputeDeadline,
        scope,
        token: read.token,
        dueAt: later(now, 14 * day),
      };
      const event = anEvent('dispute.evidence_required', now);
      await ports.disputes.open(scope, read, charge, { claim: claim!, event, schedule: [deadline] }, now);
      const file = {
        token: ids.token('file'),
        originalFilename: 'r.pdf',
        purpose: 'dispute_evidence' as const,
        size: 1,
        mimeType: 'application/pdf' as const,
        uploadedAt: now.toISOString(),
        evidenceSubmitted: false,
      };
      await ports.files.create(scope, file);
      const next: Dispute = { ...read, status: 'evidence_under_review', version: 2 };
      const gone = ids.token('file');
      const writes = { cancel: [jobKinds.disputeDeadline], files: [file.token, gone] };
      await expect(ports.disputes.step(scope, read, next, writes, now)).rejects.toEqual(
        new Missing('file', gone),
      );
      expect((await ports.disputes.get(scope, read.token))?.version).toBe(1);
      await ports.disputes.step(scope, read, next, { ...writes, files: [file.token] }, now);
      expect((await ports.files.get(scope, file.token))?.evidenceSubmitted).toBe(true);
      await expect(ports.files.delete(scope, file.token)).rejects.toEqual(new Locked('file', file.token));
      const deadlines = await ports.schedule.due(jobKinds.disputeDeadline, later(now, 30 * day));
      expect(deadlines.some((j) => j.token === read.token)).toBe(false);
    });
  });

  describe('the balance', () => {
    it("walks the captures' proceeds in capture order, from a cursor on, with the sum before each", async () => {
      const ports = engine();
      const scope = newScope();
      const charges: Payment[] = [];
      for (let i = 0; i < 3; i++) charges.push(await capturedCharge(ports, scope, later(now, i * 1000)));
      const walked: [string, number][] = [];
      await ports.balance.walkCredits(scope, 'AUD', null, (credit, before) => {
        walked.push([credit.chargeToken, before]);
        return true;
      });
      expect(walked).toEqual(charges.map((c, i) => [c.token, i * 952]));
      const fromSecond: string[] = [];
      const cursor = { position: `${later(now, 1000).toISOString()}#${charges[1]!.token}`, before: 952 };
      await ports.balance.walkCredits(scope, 'AUD', cursor, (credit, before) => {
        fromSecond.push(`${credit.chargeToken}@${before}`);
        return fromSecond.length < 1;
      });
      expect(fromSecond).toEqual([`${charges[1]!.token}@952`]);
      expect(await ports.balance.read(scope, settled)).toEqual([
        { currency: 'AUD', available: 2856, unsettled: 0 },
      ]);
    });
  });
};
