import type {
  AccountsStore,
  CallDeadline,
  CardTokensStore,
  Clock,
  CustomersStore,
  Ids,
  Logger,
  PaymentSourcesStore,
  PaymentsStore,
  ProcessorOf,
  ScheduleStore,
} from '@wattle/ports';

/**
 * Everything the payment flows use, by the names the runtime composes them under. Each flow takes
 * only its part (a Pick of this), so a test brings fakes of just those ports.
 */
export interface PaymentsDeps {
  payments: PaymentsStore;
  /** The merchant's account, for its processor routing (live payments only). */
  accounts: Pick<AccountsStore, 'get'>;
  cardTokens: CardTokensStore;
  /** Unused payment sources, for payment_source_token payments. */
  paymentSources: PaymentSourcesStore;
  /** A customer's cards, for customer_token payments. */
  customers: Pick<CustomersStore, 'get' | 'getCard' | 'findCardOwner'>;
  schedule: Pick<ScheduleStore, 'drop'>;
  /** The processor of a scope's payments (by its environment). */
  processorOf: ProcessorOf;
  /** The signal every processor call carries (the invocation's deadline). */
  deadline: CallDeadline;
  clock: Clock;
  ids: Ids;
  /** Each failover between accounts, and the attempts of a routed payment, are logged. */
  logger: Logger;
}
