import type { AccountStatus } from './account.ts';
import { defaultMaximumCharge } from './money.ts';

/** A partner's application for a referred merchant (docs/api/cookbook/merchants.md), without the password. */
export interface MerchantApplication {
  contact: { firstName: string; lastName: string; phoneNumber: string; email: string };
  entity: {
    businessRegistrationNumber: string;
    fullLegalName: string;
    incorporationStatus: 'sole_trader' | 'partnership' | 'pty_ltd';
    registeredForGst: boolean;
    addressLine1: string;
    addressLine2: string;
    addressLocality: string;
    addressRegion: string;
    addressPostalCode: string;
    addressCountryCode: string;
  };
  business: {
    tradingName: string;
    description: string;
    typicalProductPrice: string;
    transactionsPerMonth: string;
    annualTransactionVolume: string;
    sellsPhysicalGoods: boolean;
    averageDeliveryDays: string;
    url: string;
  };
  bankAccount: { name: string; bsb: string; number: string };
  director: { fullName: string; contactNumber: string; dateOfBirth: string };
  notes: string;
}

export interface Merchant {
  token: string;
  accountId: string;
  partnerId: string;
  status: AccountStatus;
  application: MerchantApplication;
  createdAt: string;
  updatedAt: string;
}

/** What the simulated review decides at once about an application, when not left pending. */
export type ReviewOutcome = 'declined' | 'on_hold';

/**
 * The simulated review's test inputs (as Stripe's and Pin's test data): a contact email whose local
 * part carries the tag `+declined` or `+on_hold` (`roland+declined@shop.example`) is declined or put
 * on hold as soon as it is submitted; any other application waits for an approval.
 */
export const reviewOutcomeFor = (application: MerchantApplication): ReviewOutcome | null => {
  const tags = (application.contact.email.split('@')[0] ?? '').split('+').slice(1);
  if (tags.includes('declined')) return 'declined';
  if (tags.includes('on_hold')) return 'on_hold';
  return null;
};

/**
 * The statuses of a merchant still under review: an approval starts from them (on hold is waiting
 * for information, not refused), and a review finding another refuses to change it.
 */
export const approvableStatuses: readonly AccountStatus[] = ['pending_approval', 'on_hold'];

export const incorporationStatuses = ['sole_trader', 'partnership', 'pty_ltd'] as const;
export const typicalProductPrices = ['20', '100', '500', '1000', '3000'] as const;
export const transactionsPerMonthChoices = ['10', '20', '100', '500', '1000'] as const;
export const annualTransactionVolumes = ['5000', '20000', '250000', '1000000'] as const;
export const averageDeliveryDaysChoices = ['1', '3', '7', '14', '30', '40'] as const;

const notifications = {
  receipts: {
    api: true,
    payment_page: true,
    manual_charge: true,
    recurring_payments: true,
    xero_payment_page: true,
  },
  recurring_payments: {
    subscribed: true,
    unsubscribed: true,
    cancelled: true,
    renewed: true,
    renewal_failed: true,
    reactivated: true,
  },
};

/** The settings a new referred merchant starts with (Pin's default settings: docs/api/behaviour.md). */
export const defaultMerchantSettings = {
  skip_charge_address_validation: false,
  send_transfer_email: true,
  send_refund_successful_emails: true,
  settlement_delay_days: 5,
  maximum_charge_cents: defaultMaximumCharge,
  pos_maximum_charge_cents: 100000,
  transaction_fixed_fee: 30,
  third_party_transfer_fee: 30,
  domestic_transaction_percentage_fee: '1.75',
  amex_transaction_percentage_fee: '1.75',
  foreign_transaction_percentage_fee: '2.9',
  amex: false,
  transfer_email_line_items_attachment: false,
  statement_descriptor_random_code: false,
  notifications,
};

const fee = (percentage: string) => ({
  fixed_fee: defaultMerchantSettings.transaction_fixed_fee,
  percentage_fee: percentage,
});

/** The six pricing members of a merchant detail, from the settings. */
export const merchantPricing = () => {
  const domestic = defaultMerchantSettings.domestic_transaction_percentage_fee;
  const foreign = defaultMerchantSettings.foreign_transaction_percentage_fee;
  return {
    domestic_currency_domestic_card_core: fee(domestic),
    domestic_currency_domestic_card_premium: fee(domestic),
    domestic_currency_foreign_card_core: fee(foreign),
    domestic_currency_foreign_card_premium: fee(foreign),
    foreign_currency_core: fee(foreign),
    foreign_currency_premium: fee(foreign),
  };
};
