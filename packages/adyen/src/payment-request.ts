import type { Types } from '@adyen/api-library';
import type {
  PaymentInitiation,
  ProcessorAmount,
  ProcessorAuthorisation,
  ThreeDSecurePassThrough,
} from '@wattle/domain';

type PaymentRequest = Types.checkout.PaymentRequest;
type ThreeDSecureData = Types.checkout.ThreeDSecureData;

/**
 * A CAVV as Adyen takes it, base64 (standard, padded): Wattle takes it as merchants send it, in
 * hex (a 20-byte value as 40 digits), URL-safe or unpadded base64.
 */
export const base64Cavv = (cavv: string): string => {
  if (/^[0-9a-fA-F]{40}$/.test(cavv)) return Buffer.from(cavv, 'hex').toString('base64');
  const standard = cavv.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  return standard + '='.repeat((4 - (standard.length % 4)) % 4);
};

/** The ECIs of a full authentication (Visa, Amex and most: 05; Mastercard: 02); 06 and 01 are attempts. */
const fullyAuthenticated = new Set(['05', '02']);

/**
 * The merchant's own 3-D Secure result as Adyen's `mpiData`: version 2 names the Directory Server
 * transaction (`dsTransID`) and its status (`directoryResponse`); version 1 its XID and the
 * issuer's answer (`authenticationResponse`).
 */
export const mpiDataOf = (values: ThreeDSecurePassThrough): ThreeDSecureData => {
  const status = fullyAuthenticated.has(values.eci) ? 'Y' : 'A';
  const common = { cavv: base64Cavv(values.cavv), eci: values.eci, threeDSVersion: values.version };
  return values.version.startsWith('1')
    ? ({
        ...common,
        xid: values.transactionId,
        directoryResponse: 'Y',
        authenticationResponse: status,
      } as ThreeDSecureData)
    : ({ ...common, dsTransID: values.transactionId, directoryResponse: status } as ThreeDSecureData);
};

/** Adyen's Amount: minor units, as ours; its currency codes are upper case. */
export const adyenAmount = ({ amount, currency }: ProcessorAmount) => ({
  value: amount,
  currency: currency.toUpperCase(),
});

const twoDigits = (month: number): string => String(month).padStart(2, '0');

/**
 * What Adyen is told the payment is (PaymentInitiation), as its API defines the fields for card
 * details stored by the merchant, not by Adyen: the payer present with a card entered now is
 * `Ecommerce`; a subscription's first payment is `Ecommerce` too, starting the `Subscription`;
 * a returning customer's payment on their stored card is `ContAuth` with `CardOnFile`; a renewal
 * (merchant-initiated, on the subscription's schedule) is `ContAuth` with `Subscription`.
 * `storePaymentMethod` is never sent: Wattle keeps the card, and Adyen would store a second copy
 * no payment of Wattle's would use.
 */
const interactionOf = (
  initiation: PaymentInitiation,
): {
  shopperInteraction: 'Ecommerce' | 'ContAuth';
  recurringProcessingModel?: 'CardOnFile' | 'Subscription';
} => {
  switch (initiation) {
    case 'new_card':
      return { shopperInteraction: 'Ecommerce' };
    case 'stored_card':
      return { shopperInteraction: 'ContAuth', recurringProcessingModel: 'CardOnFile' };
    case 'subscription_start':
      return { shopperInteraction: 'Ecommerce', recurringProcessingModel: 'Subscription' };
    case 'subscription_renewal':
      return { shopperInteraction: 'ContAuth', recurringProcessingModel: 'Subscription' };
  }
};

/**
 * POST /payments for a card sent in full (Pin takes card details server-side; the Adyen account
 * must be allowed raw card data), with the CVC when the payment has one, said to be what it is
 * (interactionOf), our payment token as its reference. Pin's capture=false is
 * Adyen's manual capture; capture=true asks for capture at once whatever the account's default
 * delay. 3-D Secure is Pin's choice, not Adyen's rules': always when asked for (by redirect, never
 * the native SDK flow Wattle has no page for), never otherwise, and the merchant's own
 * authentication goes as `mpiData`.
 */
export const paymentRequestOf = (input: ProcessorAuthorisation, merchantAccount: string): PaymentRequest => {
  const { card, number, cvc } = input.card;
  const request: Record<string, unknown> = {
    merchantAccount,
    reference: input.reference,
    amount: adyenAmount(input),
    paymentMethod: {
      type: 'scheme',
      number,
      expiryMonth: twoDigits(card.expiryMonth),
      expiryYear: String(card.expiryYear),
      ...(card.name ? { holderName: card.name } : {}),
      ...(cvc ? { cvc } : {}),
    },
    ...interactionOf(input.initiation),
    returnUrl: input.threeDSecure.mode === 'redirect' ? input.threeDSecure.returnUrl : input.returnUrl,
    ...(input.capture ? { captureDelayHours: 0 } : { additionalData: { manualCapture: 'true' } }),
    ...(input.email ? { shopperEmail: input.email } : {}),
    ...(input.ipAddress ? { shopperIP: input.ipAddress } : {}),
  };
  switch (input.threeDSecure.mode) {
    case 'redirect':
      request.authenticationData = {
        attemptAuthentication: 'always',
        threeDSRequestData: { nativeThreeDS: 'disabled' },
      };
      break;
    case 'pass_through':
      request.mpiData = mpiDataOf(input.threeDSecure.values);
      break;
    case 'none':
      request.authenticationData = { attemptAuthentication: 'never' };
      break;
  }
  // The library types its enumerations (shopperInteraction, attemptAuthentication, ...) as TypeScript
  // enums, which the plain strings of Adyen's definition do not satisfy; the Prism tests hold the
  // request to the definition instead.
  return request as unknown as PaymentRequest;
};
