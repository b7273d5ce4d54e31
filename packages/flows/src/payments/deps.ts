import type {
  CardProcessor,
  CardTokensStore,
  Clock,
  CustomersStore,
  Ids,
  PaymentSourcesStore,
  PaymentsStore,
  ScheduleStore,
} from '@wattle/ports';

/**
 * Everything the payment flows use, by the names the runtime composes them under. Each flow takes
 * only its part (a Pick of this), so a test brings fakes of just those ports.
 */
export interface PaymentsDeps {
  payments: PaymentsStore;
  cardTokens: CardTokensStore;
  /** Unused payment sources, for payment_source_token payments. */
  paymentSources: PaymentSourcesStore;
  /** A customer's cards, for customer_token payments. */
  customers: Pick<CustomersStore, 'get' | 'getCard' | 'findCardOwner'>;
  schedule: Pick<ScheduleStore, 'drop'>;
  processor: CardProcessor;
  clock: Clock;
  ids: Ids;
}
