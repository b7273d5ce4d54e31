import { merchantEntitlement, type Scope } from '@wattle/domain';
import { captureAuthorisation, createPayment, type PaymentRequest } from '@wattle/flows';
import { jobKinds } from '@wattle/ports';
import { presentCharge } from '@wattle/wire';
import { describe, expect, it } from 'vitest';
import { fakeProcessor, processorDeps } from '../../fakes/processor.ts';
import { fixedClock, sequentialIds } from '../../fakes/system.ts';
import { aChargeRequest } from '../../helpers/builders.ts';
import { memoryStore } from '../../helpers/memory-store.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };

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

/** A charge of 1000 AUD on a domestic Visa: fees 48, so at most 952 can be withheld. */
const adjusted = (amount: number, overrides: Partial<PaymentRequest> = {}): PaymentRequest =>
  aChargeRequest({ platformAdjustment: { amount, currency: 'AUD' }, ...overrides });

describe('a payment with a platform adjustment', () => {
  it('records it on the charge and takes it off the merchant entitlement', async () => {
    const { payment } = await createPayment(setUp(), scope, adjusted(100));
    expect(payment).toMatchObject({ state: 'captured', totalFees: 48, platformAdjustment: { amount: 100 } });
    expect(merchantEntitlement(payment)).toBe(852);
    const shown = presentCharge(payment, new Date());
    expect(shown).toMatchObject({
      total_fees: 48,
      merchant_entitlement: 852,
      platform_adjustment: { amount: 100, currency: 'AUD' },
    });
  });

  it('withholds at most what the fees leave, refused before anything is reserved or charged', async () => {
    const deps = setUp();
    await expect(createPayment(deps, scope, adjusted(953))).rejects.toMatchObject({
      code: 'invalid_resource',
      messages: [
        {
          param: 'platform_adjustment[amount]',
          code: 'platform_adjustment_amount_invalid',
          message: 'Platform adjustment amount must be no more than the charge amount less its fees (952)',
        },
      ],
    });
    // Nothing reserved: no payment listed, no recovery job waiting for one.
    expect((await deps.payments.list(scope, 'charge', 1)).total).toBe(0);
    expect(await deps.schedule.due(jobKinds.paymentRecovery, new Date('2100-01-01T00:00:00Z'))).toEqual([]);
    expect(deps.processor.authorised).toEqual([]);
    const { payment } = await createPayment(deps, scope, adjusted(952));
    expect(merchantEntitlement(payment)).toBe(0);
  });

  it('keeps it whole through a partial capture, which must leave enough after its fees to bear it', async () => {
    const deps = setUp();
    const request = adjusted(300, { kind: 'authorisation', capture: false });
    const { payment } = await createPayment(deps, scope, request);
    // 320 bears fees of 36: 284 left, short of 300.
    await expect(captureAuthorisation(deps, scope, payment.token, 320)).rejects.toMatchObject({
      messages: [
        {
          param: 'amount',
          code: 'amount_invalid',
          message: 'Amount less its fees (284) must cover the platform adjustment of 300',
        },
      ],
    });
    const charge = await captureAuthorisation(deps, scope, payment.token, 400);
    expect(charge).toMatchObject({ amount: 400, totalFees: 37, platformAdjustment: { amount: 300 } });
    expect(merchantEntitlement(charge)).toBe(63);
  });
});
