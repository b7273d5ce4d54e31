import {
  type Payment,
  type PaymentChange,
  type PaymentKind,
  refundable,
  type Scope,
  sameClaim,
  type TransferLink,
  toEpochSeconds,
} from '@wattle/domain';
import {
  jobKindOf,
  type Page,
  type PaymentsStore,
  type PaymentWrite,
  paymentRefusal,
  type SealedSecrets,
  scheduledJobOf,
  type ThreeDSecureSession,
} from '@wattle/ports';
import { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { listSortKey, scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { createdRange, pageOf } from '../world/lists.ts';
import { creditIn, debitIn } from '../world/money.ts';
import { type PaymentRecord, paymentsOf } from '../world/payment-records.ts';
import type { MemoryWorld } from '../world/world.ts';
import { CardTokensRepo } from './card-tokens-repo.ts';
import { keyClaimIn, keyCompletionIn } from './idempotency-repo.ts';
import { PaymentSourcesRepo } from './payment-sources-repo.ts';
import { subscriptionChangeIn } from './subscriptions-repo.ts';

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
export class PaymentsRepo implements PaymentsStore {
  private readonly payments;
  private readonly sessions;
  /** Authorised payments' leases on their funds (epoch seconds they end at), used up by a capture or void. */
  private readonly leases;
  private readonly tokens: CardTokensRepo;
  private readonly paymentSources: PaymentSourcesRepo;

  constructor(private readonly world: MemoryWorld) {
    this.payments = paymentsOf(world);
    this.sessions = world.expiring<StoredSession>('three-d-secure-session', (session) => session.expiresAt);
    this.leases = world.table<number>('payment-lease');
    this.tokens = new CardTokensRepo(world);
    this.paymentSources = new PaymentSourcesRepo(world);
  }

  async get(scope: Scope, token: string): Promise<Payment | null> {
    const record = this.payments.get(scoped(scope, token));
    return record ? toPayment(record) : null;
  }

  async sealedSecretsOf(scope: Scope, token: string): Promise<SealedSecrets | null> {
    const record = this.payments.get(scoped(scope, token));
    if (!record?.sealedNumber) return null;
    const { sealedNumber, sealedCvc } = record;
    return sealedCvc ? { sealedNumber, sealedCvc } : { sealedNumber };
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

  /**
   * Commits a payment's changes together, in their order, or none of them (see PaymentWrite): as
   * the DynamoDB store's transaction, one function per kind, the same conditions in the same order.
   */
  async commit(scope: Scope, changes: readonly PaymentWrite[], now: Date): Promise<void> {
    const change = new Change();
    for (const pc of changes) {
      switch (pc.kind) {
        case 'reservation':
          this.reservationIn(change, scope, pc, now);
          break;
        case 'payment':
          this.paymentIn(change, scope, pc, this.listedAt(scope, pc, now));
          break;
        case 'failover':
          this.failoverIn(change, scope, pc);
          break;
        case 'capture-charge':
          this.captureChargeIn(change, scope, pc.charge, now);
          break;
        case 'claim':
        case 'claim-release':
          this.claimIn(change, scope, pc);
          break;
        case 'card-token-use':
          this.tokens.consumeIn(change, scope, pc.cardToken, now);
          break;
        case 'payment-source-use':
          this.paymentSources.consumeIn(change, scope, pc.paymentSourceToken, now);
          break;
        case 'session':
          this.sessionIn(change, scope, pc, now);
          break;
        case 'lease':
          change.write(() => this.leases.set(scoped(scope, pc.paymentToken), toEpochSeconds(pc.until)));
          break;
        case 'lease-use':
          this.leaseUseIn(change, scope, pc, now);
          break;
        case 'balance-credit':
          creditIn(this.world, change, scope, pc);
          break;
        case 'balance-debit':
          debitIn(this.world, change, scope, pc.currency, pc.amount);
          break;
        case 'schedule-job':
          this.world.jobs.scheduleIn(change, scheduledJobOf(scope, pc.job));
          break;
        case 'end-job':
          this.world.jobs.cancelIn(change, jobKindOf[pc.job.job], scope, pc.job.token, pc.job.dueAt);
          break;
        case 'claim-job':
          this.world.jobs.claimIn(change, scheduledJobOf(scope, pc.job));
          break;
        case 'event':
          this.world.outbox.recordIn(change, scope, pc.event, now);
          break;
        case 'key-claim':
          keyClaimIn(this.world, change, scope, pc.keyHash, pc.requestHash, pc.times);
          break;
        case 'key-completion':
          keyCompletionIn(this.world, change, scope, pc.keyHash, pc.response);
          break;
        default:
          // A bill's changes, riding with its charge's.
          subscriptionChangeIn(this.world, change, scope, pc, now);
      }
    }
    change.commit();
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

  /**
   * A reserved payment, new (TokenTaken when its token exists: the same request reserved it
   * before), with its sealed number; in its lists now, or keeping the place its settlement lists it at.
   */
  private reservationIn(
    change: Change,
    scope: Scope,
    reservation: Extract<PaymentChange, { kind: 'reservation' }>,
    now: Date,
  ): void {
    const { payment, sealedNumber, sealedCvc, listed } = reservation;
    const id = scoped(scope, payment.token);
    change
      .check(() => !this.payments.has(id), paymentRefusal(reservation))
      .write(() => {
        const record: PaymentRecord = {
          payment: copy(payment),
          sealedNumber,
          ...(sealedCvc ? { sealedCvc } : {}),
          sortKey: listSortKey(now, payment.token),
          transferLinks: [],
        };
        this.payments.set(id, record);
        if (listed) this.join(scope, record, id);
      });
  }

  /** A payment moved to its route's next account: only from the state and account it was read on; its sealed card stays. */
  private failoverIn(
    change: Change,
    scope: Scope,
    failover: Extract<PaymentChange, { kind: 'failover' }>,
  ): void {
    const { payment, from, fromAccount } = failover;
    const id = scoped(scope, payment.token);
    change
      .check(() => {
        const stored = this.payments.get(id)?.payment;
        return stored?.state === from && stored.processorAccount === fromAccount;
      }, paymentRefusal(failover))
      .write(() => {
        this.payments.get(id)!.payment = copy(payment);
      });
  }

  /**
   * A payment's new state, only from the state it was read in (Changed when another request or run
   * came first): its sealed number dropped, and, joining its lists, listed under `listedAt`.
   */
  private paymentIn(
    change: Change,
    scope: Scope,
    pc: Extract<PaymentChange, { kind: 'payment' }>,
    listedAt: string | null,
  ): void {
    const { payment, from, claimed } = pc;
    const id = scoped(scope, payment.token);
    change
      .check(() => {
        const stored = this.payments.get(id)?.payment;
        return stored?.state === from && (!claimed || sameClaim(stored.claim, claimed));
      }, paymentRefusal(pc))
      .write(() => {
        const record = this.payments.get(id)!;
        record.payment = copy(payment);
        record.refundable = refundable(payment);
        delete record.sealedNumber;
        delete record.sealedCvc;
        if (listedAt) {
          record.sortKey = listedAt;
          this.join(scope, record, id);
        }
      });
  }

  /** The charge an authorisation's capture makes: new, settled, listed at `now`. */
  private captureChargeIn(change: Change, scope: Scope, charge: Payment, now: Date): void {
    const id = scoped(scope, charge.token);
    change
      .check(() => !this.payments.has(id), 'charge')
      .write(() => {
        const record: PaymentRecord = {
          payment: copy(charge),
          refundable: refundable(charge),
          sortKey: listSortKey(now, charge.token),
          transferLinks: [],
        };
        this.payments.set(id, record);
        this.join(scope, record, id);
      });
  }

  /** The 3-D Secure session, wanted only to verify the charge after the payer's return: kept as long as its events. */
  private sessionIn(
    change: Change,
    scope: Scope,
    { sessionToken, paymentToken }: Extract<PaymentChange, { kind: 'session' }>,
    now: Date,
  ): void {
    change
      .check(() => !this.sessions.has(sessionToken), 'session')
      .write(() => {
        const expiresAt = toEpochSeconds(now) + this.world.retention.eventsSeconds;
        this.sessions.set(sessionToken, { scope: { ...scope }, paymentToken, expiresAt });
        this.world.expiry.add('three-d-secure-session', sessionToken, expiresAt);
      });
  }

  /**
   * A void or capture's claim on an authorised payment: written while it is authorised and
   * unclaimed, or claimed by the same action (a retry); or a refused one given back, while it is
   * this one. Changed otherwise.
   */
  private claimIn(
    change: Change,
    scope: Scope,
    pc: Extract<PaymentChange, { kind: 'claim' | 'claim-release' }>,
  ): void {
    const { kind, paymentToken, claim } = pc;
    const id = scoped(scope, paymentToken);
    const claimable = (stored: Payment | undefined) =>
      kind === 'claim'
        ? stored?.state === 'authorised' && (!stored.claim || sameClaim(stored.claim, claim))
        : sameClaim(stored?.claim, claim);
    change
      .check(() => claimable(this.payments.get(id)?.payment), paymentRefusal(pc))
      .write(() => {
        const stored = this.payments.get(id)!.payment;
        if (kind === 'claim') stored.claim = copy(claim);
        else delete stored.claim;
      });
  }

  /** Uses up a lease: Changed when it is gone (used by another void or capture) or expired. */
  private leaseUseIn(
    change: Change,
    scope: Scope,
    pc: Extract<PaymentChange, { kind: 'lease-use' }>,
    now: Date,
  ): void {
    const id = scoped(scope, pc.paymentToken);
    change
      .check(() => (this.leases.get(id) ?? 0) > toEpochSeconds(now), paymentRefusal(pc))
      .write(() => this.leases.delete(id));
  }

  /**
   * Where a payment joining its lists sorts there: at its reservation, when the writer reserved
   * it (it knows when), else as its reservation kept it. Null when it does not join.
   */
  private listedAt(
    scope: Scope,
    { payment, listing }: Extract<PaymentChange, { kind: 'payment' }>,
    now: Date,
  ): string | null {
    if (!listing.joins) return null;
    if (listing.reservedAt) return listSortKey(listing.reservedAt, payment.token);
    return this.payments.get(scoped(scope, payment.token))?.sortKey ?? listSortKey(now, payment.token);
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
