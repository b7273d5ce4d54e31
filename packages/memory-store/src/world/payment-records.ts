import type { Payment, Scope, TransferLink } from '@wattle/domain';
import { scoped } from './keys.ts';
import type { MemoryWorld } from './world.ts';

/** A charge or an authorisation as the payments' store keeps it, and the refunds and disputes read it. */
export interface PaymentRecord {
  payment: Payment;
  /** Kept from the reservation until the settlement. */
  sealedNumber?: string;
  /** The CVC sent for it, sealed: kept from the reservation until the settlement, as the number. */
  sealedCvc?: string;
  /** What is left to refund (set when it settles: none before). */
  refundable?: number;
  /** Where it is (or will be) in its lists. */
  sortKey: string;
  /** The transfers that paid it out, in the order they linked it. */
  transferLinks: TransferLink[];
}

export const paymentsOf = (world: MemoryWorld) => world.table<PaymentRecord>('payment');

export const paymentRecord = (world: MemoryWorld, scope: Scope, token: string): PaymentRecord | undefined =>
  paymentsOf(world).get(scoped(scope, token));
