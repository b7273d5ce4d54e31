import {
  annualTransactionVolumes,
  averageDeliveryDaysChoices,
  incorporationStatuses,
  type MerchantApplication,
  transactionsPerMonthChoices,
  typicalProductPrices,
} from '@wattle/domain';
import * as v from 'valibot';
import { nestedBankAccount } from '../bank-account-input.ts';
import { booleanField, emailField, optionalText, phrases, requiredText } from '../validation.ts';

/** One of listed values, sent as text or (JSON) as a number. */
const choice = <T extends readonly string[]>(values: T) =>
  v.pipe(
    v.union([v.string(), v.number()], (issue) =>
      issue.input === undefined ? phrases.blank : phrases.invalid,
    ),
    v.transform(String),
    v.picklist(values, `must be one of ${values.join(', ')}`),
  );

const pastDate = v.pipe(
  requiredText(10),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD'),
  v.check((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return (
      !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) && date.getTime() < Date.now()
    );
  }, 'must be a real date in the past'),
);

/** POST /merchants (docs/api/cookbook/merchants.md): every nested object required unless noted. */
export const merchantSchema = v.object({
  contact: v.object(
    {
      first_name: requiredText(),
      last_name: requiredText(),
      phone_number: requiredText(50),
      email: emailField(),
      password: v.pipe(requiredText(200), v.minLength(8, 'is too short (minimum is 8 characters)')),
    },
    phrases.invalid,
  ),
  entity: v.object(
    {
      business_registration_number: requiredText(50),
      full_legal_name: requiredText(),
      incorporation_status: choice(incorporationStatuses),
      registered_for_gst: booleanField(),
      address_line_1: requiredText(),
      address_line_2: optionalText(),
      address_locality: requiredText(),
      address_region: requiredText(),
      address_postal_code: requiredText(20),
      address_country_code: v.optional(
        v.pipe(
          requiredText(2),
          v.regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code'),
          v.toUpperCase(),
        ),
        'AU',
      ),
    },
    phrases.invalid,
  ),
  business: v.object(
    {
      trading_name: requiredText(),
      description: requiredText(2000),
      typical_product_price: choice(typicalProductPrices),
      transactions_per_month: choice(transactionsPerMonthChoices),
      annual_transaction_volume: choice(annualTransactionVolumes),
      sells_physical_goods: booleanField(),
      average_delivery_days: choice(averageDeliveryDaysChoices),
      url: v.pipe(requiredText(2000), v.url('is not a valid URL')),
    },
    phrases.invalid,
  ),
  bank_account: nestedBankAccount(),
  director: v.object(
    { full_name: requiredText(), contact_number: requiredText(50), date_of_birth: pastDate },
    phrases.invalid,
  ),
  notes: optionalText(5000),
});

export type MerchantInput = v.InferOutput<typeof merchantSchema>;

export const applicationOf = (input: MerchantInput): MerchantApplication => ({
  contact: {
    firstName: input.contact.first_name,
    lastName: input.contact.last_name,
    phoneNumber: input.contact.phone_number,
    email: input.contact.email,
  },
  entity: {
    businessRegistrationNumber: input.entity.business_registration_number,
    fullLegalName: input.entity.full_legal_name,
    incorporationStatus: input.entity.incorporation_status,
    registeredForGst: input.entity.registered_for_gst,
    addressLine1: input.entity.address_line_1,
    addressLine2: input.entity.address_line_2,
    addressLocality: input.entity.address_locality,
    addressRegion: input.entity.address_region,
    addressPostalCode: input.entity.address_postal_code,
    addressCountryCode: input.entity.address_country_code,
  },
  business: {
    tradingName: input.business.trading_name,
    description: input.business.description,
    typicalProductPrice: input.business.typical_product_price,
    transactionsPerMonth: input.business.transactions_per_month,
    annualTransactionVolume: input.business.annual_transaction_volume,
    sellsPhysicalGoods: input.business.sells_physical_goods,
    averageDeliveryDays: input.business.average_delivery_days,
    url: input.business.url,
  },
  bankAccount: input.bank_account,
  director: {
    fullName: input.director.full_name,
    contactNumber: input.director.contact_number,
    dateOfBirth: input.director.date_of_birth,
  },
  notes: input.notes,
});
