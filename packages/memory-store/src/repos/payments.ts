import {
  disputeOpensAt,
  type Payment,
  type PaymentKind,
  refundable,
  type Scope,
  type TransferLink,
  toEpochSeconds,
  type WattleEvent,
} from '@wattle/domain';
import {
  Changed,
  jobKinds,
  type Page,
  type PaymentsStore,
  type ReserveOptions,
  type SettleOptions,
  type ThreeDSecureSession,
  TokenTaken,
} from '@wattle/ports';
import { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { listSortKey, scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { createdRange, pageOf } from '../world/lists.ts';
import { creditCaptureIn } from '../world/money.ts';
import { type PaymentRecord, paymentsOf } from '../world/payment-records.ts';
import type { MemoryWorld } from '../world/world.ts';
import { MemoryCardTokens } from './card-tokens.ts';
import { MemoryPaymentSources } from './payment-sources.ts';
import { subscriptionChangeIn } from './subscriptions.ts';

interface StoredSession {
  scope: Scope;
  paymentToken: string;
  expiresAt: number;
}

/** The lists a payment is in: the merchant's charges or authorisations, and its customer's charges. */
const listsOf = (scope: Scope, payment: Payment): string[] =>
  payment.kind === 'authorisation'
    ? [listKey(scope, 'authorisations')]
    : [
        listKey(scope, 'charges'),
        ...(payment.customerToken ? [listKey(scope, 'charges', payment.customerToken)] : []),
      ];

const toPayment = (record: PaymentRecord): Payment => ({
  ...copy(record.payment),
  transfers: copy(record.transferLinks),
});

/** Charges and authorisations: reserved before the processor is asked, then settled with its outcome. */
export class MemoryPayments implements PaymentsStore {
  private readonly payments;
  private readonly sessions;
  /** Authorised payments' leases on their funds (epoch seconds they end at), used up by a capture or void. */
  private readonly leases;
  private readonly tokens: MemoryCardTokens;
  private readonly paymentSources: MemoryPaymentSources;

  constructor(private readonly world: MemoryWorld) {
    this.payments = paymentsOf(world);
    this.sessions = world.expiring<StoredSession>('three-d-secure-session', (session) => session.expiresAt);
    this.leases = world.table<number>('payment-lease');
    this.tokens = new MemoryCardTokens(world);
    this.paymentSources = new MemoryPaymentSources(world);
  }

  async get(scope: Scope, token: string): Promise<Payment | null> {
    const record = this.payments.get(scoped(scope, token));
    return record ? toPayment(record) : null;
  }

  async sealedNumberOf(scope: Scope, token: string): Promise<string | null> {
    return this.payments.get(scoped(scope, token))?.sealedNumber ?? null;
  }

  async list(scope: Scope, kind: PaymentKind, page: number): Promise<Page<Payment>> {
    const list = listKey(scope, kind === 'charge' ? 'charges' : 'authorisations');
    return pageOf(this.world.lists.page(list, page), (id) => this.read(id));
  }

  async listForCustomer(scope: Scope, customerToken: string, page: number): Promise<Page<Payment>> {
    return pageOf(this.world.lists.page(listKey(scope, 'charges', customerToken), page), (id) =>
      this.read(id),
    );
  }

  async chargesBetween(scope: Scope, from: Date | null, to: Date | null, limit: number): Promise<Payment[]> {
    const range = createdRange(from, to);
    return this.world.lists
      .between(listKey(scope, 'charges'), range.from, range.to, limit)
      .map((id) => this.read(id))
      .filter((payment): payment is Payment => payment !== undefined);
  }

  async session(sessionToken: string): Promise<ThreeDSecureSession | null> {
    const session = this.sessions.get(sessionToken);
    return session ? { scope: { ...session.scope }, paymentToken: session.paymentToken } : null;
  }

  async reserve(scope: Scope, payment: Payment, sealedNumber: string, options: ReserveOptions, now: Date) {
    const id = scoped(scope, payment.token);
    const change = new Change().check(
      () => !this.payments.has(id),
      () => new TokenTaken('payment', payment.token),
    );
    if (options.cardToken) this.tokens.consumeIn(change, scope, options.cardToken, now);
    if (options.paymentSourceToken)
      this.paymentSources.consumeIn(change, scope, options.paymentSourceToken, now);
    const { sessionToken } = options;
    if (sessionToken) change.check(() => !this.sessions.has(sessionToken), 'session');
    change.write(() => {
      const record: PaymentRecord = {
        payment: copy(payment),
        sealedNumber,
        sortKey: listSortKey(now, payment.token),
        transferLinks: [],
      };
      this.payments.set(id, record);
      if (options.joinLists) this.join(scope, record, id);
      if (sessionToken) {
        const expiresAt = toEpochSeconds(now) + this.world.retention.eventsSeconds;
        this.sessions.set(sessionToken, { scope: { ...scope }, paymentToken: payment.token, expiresAt });
        this.world.expiry.add('three-d-secure-session', sessionToken, expiresAt);
      }
    });
    if (options.bill?.begin) subscriptionChangeIn(this.world, change, scope, options.bill.begin, now);
    else if (!options.bill)
      this.world.jobs.scheduleIn(change, {
        kind: jobKinds.paymentRecovery,
        scope,
        token: payment.token,
        dueAt: options.recoveryDueAt,
      });
    change.commit();
  }

  async settle(scope: Scope, payment: Payment, event: WattleEvent, options: SettleOptions, now: Date) {
    const id = scoped(scope, payment.token);
    const change = new Change();
    if (options.job) this.world.jobs.claimIn(change, options.job);
    change
      .check(
        () => this.payments.get(id)?.payment.state === options.from,
        () => new Changed('payment', payment.token),
      )
      .write(() => {
        const record = this.payments.get(id)!;
        record.payment = copy(payment);
        record.refundable = refundable(payment);
        delete record.sealedNumber;
        if (options.joinLists) {
          if (options.reservedAt) record.sortKey = listSortKey(options.reservedAt, payment.token);
          this.join(scope, record, id);
        }
        if (options.leaseExpiresAt) this.leases.set(id, toEpochSeconds(options.leaseExpiresAt));
      });
    this.capturedIn(change, scope, payment, now);
    if (options.bill?.settle) subscriptionChangeIn(this.world, change, scope, options.bill.settle, now);
    else if (!options.job && !options.bill)
      this.world.jobs.cancelIn(change, jobKinds.paymentRecovery, scope, payment.token, options.recoveryDueAt);
    this.world.outbox.recordIn(change, scope, event, now).commit();
  }

  async transition(
    scope: Scope,
    payment: Payment,
    event: WattleEvent,
    now: Date,
    newCharge: Payment | null = null,
  ) {
    const id = scoped(scope, payment.token);
    const changed = () => new Changed('payment', payment.token);
    const change = new Change()
      .check(() => (this.leases.get(id) ?? 0) > toEpochSeconds(now), changed)
      .check(() => this.payments.get(id)?.payment.state === 'authorised', changed)
      .write(() => {
        this.leases.delete(id);
        const record = this.payments.get(id)!;
        record.payment = copy(payment);
        record.refundable = refundable(payment);
      });
    if (newCharge) {
      const chargeId = scoped(scope, newCharge.token);
      change
        .check(() => !this.payments.has(chargeId), 'charge')
        .write(() => {
          const record: PaymentRecord = {
            payment: copy(newCharge),
            refundable: refundable(newCharge),
            sortKey: listSortKey(now, newCharge.token),
            transferLinks: [],
          };
          this.payments.set(chargeId, record);
          this.join(scope, record, chargeId);
        });
    }
    this.capturedIn(change, scope, newCharge ?? payment, now);
    this.world.outbox.recordIn(change, scope, event, now).commit();
  }

  /** Shows a charge as paid out (in part) by a transfer, once per transfer. */
  async linkTransfer(scope: Scope, chargeToken: string, link: TransferLink): Promise<void> {
    const record = this.payments.get(scoped(scope, chargeToken));
    if (!record || record.transferLinks.some((l) => l.token === link.token)) return;
    record.transferLinks.push(copy(link));
  }

  /** Restates a charge's link to a transfer where it is, linking it first when it is not yet. */
  async restateTransfer(scope: Scope, chargeToken: string, link: TransferLink): Promise<void> {
    const record = this.payments.get(scoped(scope, chargeToken));
    if (!record) return;
    const at = record.transferLinks.findIndex((l) => l.token === link.token);
    if (at >= 0) record.transferLinks[at] = copy(link);
    else record.transferLinks.push(copy(link));
  }

  /** A capture's credit to the balance, and the simulated issuer's dispute of a dispute test card. */
  private capturedIn(change: Change, scope: Scope, charge: Payment, now: Date): void {
    creditCaptureIn(this.world, change, scope, charge, now);
    const dueAt = disputeOpensAt(charge);
    if (dueAt)
      this.world.jobs.scheduleIn(change, {
        kind: jobKinds.disputeOpening,
        scope,
        token: charge.token,
        dueAt,
      });
  }

  private join(scope: Scope, record: PaymentRecord, id: string): void {
    for (const list of listsOf(scope, record.payment)) {
      this.world.lists.join(list, record.sortKey, id);
      this.world.lists.move(list, 1);
    }
  }

  private read(id: string): Payment | undefined {
    const record = this.payments.get(id);
    return record ? toPayment(record) : undefined;
  }
}
