import {
  type Payment,
  reservationOf,
  type Scope,
  settlementOf,
  type Transfer,
  type WattleEvent,
} from '@wattle/domain';
import { createMemoryStore, type MemoryStore } from '@wattle/memory-store';
import type { PaymentsStore } from '@wattle/ports';
import { fakeCipher } from '../fakes/cipher.ts';
import { aPayment } from './builders.ts';

/**
 * A new, empty in-memory store, the flows' store in unit tests: the engine the store's contract
 * suite (test/contract) proves to behave as the DynamoDB store, with the test cipher (`cipher`,
 * which records what it sealed).
 */
export const memoryStore = (): MemoryStore & { cipher: ReturnType<typeof fakeCipher> } => {
  const cipher = fakeCipher();
  return { ...createMemoryStore({ cipher }), cipher };
};

/**
 * `port` with some of its methods replaced (a race staged inside a method, a failure): the others
 * are the port's own, on its own state.
 */
export const overriding = <T extends object>(port: T, overrides: Partial<T>): T =>
  Object.assign(Object.create(port) as T, overrides);

/**
 * `payment` in the store (either engine's) as a payment request leaves it: reserved while
 * processing, then settled in its state at `at` (a capture's proceeds credited to the balance,
 * settling; an authorisation's lease on the funds kept until it expires).
 */
export const settledPayment = async (
  store: { payments: PaymentsStore },
  scope: Scope,
  payment: Payment,
  at: Date,
): Promise<void> => {
  const reserved: Payment = { ...payment, state: 'processing' };
  await store.payments.commit(
    scope,
    reservationOf({
      payment: reserved,
      sealedNumber: 'sealed',
      uses: { cardToken: null, paymentSourceToken: null },
      recovery: 'own',
    }),
    at,
  );
  const event: WattleEvent = {
    token: `evt_${payment.token}`,
    type: 'charge.captured',
    data: {},
    createdAt: at.toISOString(),
  };
  await store.payments.commit(
    scope,
    settlementOf({
      before: reserved,
      after: payment,
      event,
      recovery: { by: 'own' },
      reservedAt: at,
      now: at,
    }),
    at,
  );
};

/** A transfer of `amount` to the merchant's own account at `at`, debiting the balance as one does. */
export const paidOut = async (
  store: MemoryStore,
  scope: Scope,
  amount: number,
  at: Date,
  currency = 'AUD',
) => {
  const ledger = await store.balance.ledger(scope, currency, at);
  const token = `tfer_paid_out_${ledger.version + 1}`;
  const transfer: Transfer = {
    token,
    status: 'succeeded',
    currency,
    description: 'paid out',
    amount,
    totalCredits: amount,
    totalDebits: 0,
    createdAt: at.toISOString(),
    paidAt: at.toISOString(),
    reference: 'paid out',
    lineItemsCount: 0,
    bankAccount: {
      token: 'ba_own',
      name: 'Own',
      bsb: '123456',
      number: 'XXXXXX321',
      bankName: '',
      branch: '',
      createdAt: '',
    },
    recipient: 'self',
    creditsFrom: ledger.consumed,
  };
  const event: WattleEvent = {
    token: `evt_${token}`,
    type: 'transfer.created',
    data: {},
    createdAt: at.toISOString(),
  };
  await store.transfers.create(scope, transfer, event, at, {
    ledger,
    job: { cursor: null },
    walkEnd: null,
    consumes: amount,
  });
};

/** Charges of 1000 (952 each to the merchant), `ch_<n>` ('Order <n>'), captured 2026-11-1<n> (n of 1 to 9). */
export const settledCharges = async (
  store: MemoryStore,
  scope: Scope,
  numbers = [1, 2, 3],
): Promise<void> => {
  for (const i of numbers) {
    const capturedAt = `2026-11-1${i}T00:00:00Z`;
    const charge = aPayment({
      token: `ch_${i}`,
      description: `Order ${i}`,
      state: 'captured',
      createdAt: capturedAt,
      capturedAt,
    });
    await settledPayment(store, scope, charge, new Date(capturedAt));
  }
};
