import type { Payment, Scope } from '@wattle/domain';
import { createRefund, getRefund, listChargeRefunds, settleRefund } from '@wattle/flows';
import { BalanceShort, Changed, JobTaken, jobKinds, TransactionConflictError } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { fakeProcessor, processorDeps } from '../../fakes/processor.ts';
import { fixedClock, sequentialIds } from '../../fakes/system.ts';
import { aPayment } from '../../helpers/builders.ts';
import { memoryStore, paidOut, settledPayment } from '../../helpers/memory-store.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };

/** A captured charge of 1000: 952 to the merchant, still settling unless `settled`. */
const captured = (token: string, overrides: Partial<Payment> = {}): Payment =>
  aPayment({ token, state: 'captured', capturedAt: '2026-11-24T09:00:00Z', ...overrides });

const capturedAt = new Date('2026-11-24T09:00:00Z');
const later = new Date('2100-01-01T00:00:00Z');

/** Deps with captured charges `tokens`, their proceeds in the balance (settling). */
const setUp = async (...tokens: string[]) => {
  const store = memoryStore();
  for (const token of tokens) await settledPayment(store, scope, captured(token), capturedAt);
  const { payments, balance, refunds, schedule, transfers, world } = store;
  return {
    store,
    payments,
    balance,
    refunds,
    schedule,
    transfers,
    world,
    clock: fixedClock('2026-11-24T10:00:00Z'),
    ids: sequentialIds(),
  };
};

/** The refunds' settlement jobs waiting. */
const jobsOf = (deps: Awaited<ReturnType<typeof setUp>>) =>
  deps.schedule.due(jobKinds.refundSettlement, later);

const refundedOf = async (deps: Awaited<ReturnType<typeof setUp>>, token: string) =>
  (await deps.payments.get(scope, token))?.amountRefunded;

describe('creating a refund', () => {
  it('refunds all that is left by default, Pending, settling an hour later', async () => {
    // The charge's own proceeds (952) cannot cover its 1000: another charge's can.
    const deps = await setUp('ch_a', 'ch_b');
    const refund = await createRefund(deps, scope, 'ch_a', undefined);
    expect(refund).toMatchObject({ chargeToken: 'ch_a', amount: 1000, state: 'pending', currency: 'AUD' });
    expect((await jobsOf(deps)).map((job) => job.dueAt.toISOString())).toEqual(['2026-11-24T11:00:00.000Z']);
    expect(await getRefund(deps, scope, refund.token)).toEqual(refund);
  });

  it('refunds in part, then the rest, and refuses anything past what is left', async () => {
    const deps = await setUp('ch_a', 'ch_b');
    await createRefund(deps, scope, 'ch_a', 400);
    expect(await refundedOf(deps, 'ch_a')).toBe(400);
    await expect(createRefund(deps, scope, 'ch_a', 601)).rejects.toMatchObject({
      code: 'invalid_resource',
      messages: [
        {
          param: 'amount',
          code: 'amount_invalid',
          message: 'Amount must be no more than the refundable amount of 600',
        },
      ],
    });
    const rest = await createRefund(deps, scope, 'ch_a', undefined);
    expect(rest.amount).toBe(600);
    await expect(createRefund(deps, scope, 'ch_a', 1)).rejects.toMatchObject({
      messages: [{ message: 'Amount cannot be refunded: nothing of the charge is left to refund' }],
    });
    await expect(createRefund(deps, scope, 'ch_b', 0)).rejects.toMatchObject({
      messages: [{ message: 'Amount must be at least 1' }],
    });
    expect((await listChargeRefunds(deps, scope, 'ch_a', 1)).total).toBe(2);
  });

  it('refunds only captured charges, and no authorisation or unknown charge', async () => {
    const deps = await setUp();
    await settledPayment(deps.store, scope, aPayment({ token: 'ch_auth', state: 'authorised' }), capturedAt);
    await settledPayment(deps.store, scope, captured('pa_x', { kind: 'authorisation' }), capturedAt);
    await expect(createRefund(deps, scope, 'ch_auth', 100)).rejects.toMatchObject({
      code: 'invalid_resource',
      messages: [{ param: 'charge' }],
    });
    await expect(createRefund(deps, scope, 'pa_x', 100)).rejects.toMatchObject({ code: 'not_found' });
    await expect(createRefund(deps, scope, 'ch_none', 100)).rejects.toMatchObject({ code: 'not_found' });
    await expect(listChargeRefunds(deps, scope, 'pa_x', 1)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('answers 402 when the balance, settling proceeds included, is short at the read', async () => {
    const deps = await setUp('ch_a');
    await paidOut(deps.store, scope, 900, capturedAt); // a transfer paid most of it out
    await expect(createRefund(deps, scope, 'ch_a', 100)).rejects.toMatchObject({
      code: 'insufficient_pin_balance',
      status: 402,
    });
    expect(await refundedOf(deps, 'ch_a')).toBe(0);
    expect(await jobsOf(deps)).toEqual([]);
  });

  it('answers 402 when a racing debit took the money between the read and the commit (BalanceShort)', async () => {
    const deps = await setUp('ch_a');
    const create = deps.refunds.create.bind(deps.refunds);
    let refusal: unknown;
    deps.refunds.create = async (...args) => {
      await paidOut(deps.store, scope, 900, capturedAt);
      return create(...args).catch((error: unknown) => {
        refusal = error;
        throw error;
      });
    };
    await expect(createRefund(deps, scope, 'ch_a', 100)).rejects.toMatchObject({
      code: 'insufficient_pin_balance',
    });
    expect(refusal).toBeInstanceOf(BalanceShort);
    expect(await refundedOf(deps, 'ch_a')).toBe(0);
  });

  it('answers with what is left when a racing refund took part of the charge (Changed)', async () => {
    const deps = await setUp('ch_a', 'ch_b');
    const create = deps.refunds.create.bind(deps.refunds);
    let raced = false;
    deps.refunds.create = async (...args) => {
      if (!raced) {
        raced = true;
        await createRefund(deps, scope, 'ch_a', 700);
      }
      return create(...args);
    };
    await expect(createRefund(deps, scope, 'ch_a', 500)).rejects.toMatchObject({
      messages: [{ message: 'Amount must be no more than the refundable amount of 300' }],
    });
    expect(await refundedOf(deps, 'ch_a')).toBe(700);
  });

  it('asks for the request again (503) when the charge changed but covers the refund again', async () => {
    const deps = await setUp('ch_a');
    deps.refunds.create = async () => {
      throw new Changed('charge', 'ch_a');
    };
    const failure = await createRefund(deps, scope, 'ch_a', 500).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TransactionConflictError);
  });
});

describe('settling a refund', () => {
  const settling = async (settled: boolean) => {
    const deps = await setUp('ch_a');
    return {
      ...deps,
      ...processorDeps({
        ...fakeProcessor(),
        refund: async () =>
          settled
            ? { outcome: 'succeeded' as const }
            : { outcome: 'failed' as const, raw: { code: 'refused', reason: 'Refund declined' } },
      }),
    };
  };

  it('records Success and claims the job', async () => {
    const deps = await settling(true);
    const refund = await createRefund(deps, scope, 'ch_a', 300);
    await settleRefund(deps, (await jobsOf(deps))[0]!);
    expect(await getRefund(deps, scope, refund.token)).toMatchObject({
      state: 'succeeded',
      errorMessage: null,
    });
    expect(await jobsOf(deps)).toEqual([]);
    expect(await refundedOf(deps, 'ch_a')).toBe(300);
  });

  it('records Failed and gives the amount back to the charge and the balance', async () => {
    const deps = await settling(false);
    const refund = await createRefund(deps, scope, 'ch_a', 300);
    await settleRefund(deps, (await jobsOf(deps))[0]!);
    expect(await getRefund(deps, scope, refund.token)).toMatchObject({
      state: 'failed',
      errorMessage: 'Refund declined',
    });
    expect(await refundedOf(deps, 'ch_a')).toBe(0);
    expect((await deps.balance.ledger(scope, 'AUD', later)).available).toBe(952);
  });

  it('leaves a job another run took (JobTaken), and drops one whose refund has settled', async () => {
    const deps = await settling(true);
    await createRefund(deps, scope, 'ch_a', 300);
    const job = (await jobsOf(deps))[0]!;
    await settleRefund(deps, job);
    await expect(settleRefund(deps, job)).rejects.toBeInstanceOf(JobTaken);
    deps.world.scheduleJob(job);
    await settleRefund(deps, job);
    expect(await jobsOf(deps)).toEqual([]);
  });
});
