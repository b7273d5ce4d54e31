import {
  errorCatalogue,
  feesOf,
  isExpiredAuthorisation,
  merchantEntitlement,
  type Payment,
  type Refund,
  statusMessage,
} from '@wattle/domain';
import type { AuthorisationJson, ChargeJson, RefundJson, ThreeDSecureRedirectJson } from './objects.ts';
import { presentCard } from './presenters.ts';
import { presentPlatformAdjustment, presentTransferLink } from './transfer-presenters.ts';

const succeeded = (payment: Payment): boolean =>
  payment.state === 'authorised' || payment.state === 'captured' || payment.state === 'voided';

const errorMessage = (payment: Payment): string | null =>
  payment.decline ? errorCatalogue[payment.decline].description : null;

/** The card as a charge shows it: without network_type and network_format (docs/api/behaviour.md). */
const chargeCard = (payment: Payment) => {
  const {
    network_type: _type,
    network_format: _format,
    ...card
  } = presentCard(payment.card, payment.cardOwner);
  return card;
};

/** `platform_adjustment` as given, or none: `{amount: 0}` in the payment's currency, as Pin shows it. */
const platformAdjustmentOf = (payment: Payment) =>
  presentPlatformAdjustment(payment.platformAdjustment ?? { amount: 0, currency: payment.currency });

/** The authorisation's `platform_adjustment`, on authorisations made with one only. */
const authorisationAdjustmentOf = (payment: Payment) =>
  payment.platformAdjustment
    ? { platform_adjustment: presentPlatformAdjustment(payment.platformAdjustment) }
    : {};

export interface ChargeView {
  /** The 3-D Secure verify response has no `transfer`. */
  withoutTransfer?: boolean;
}

/**
 * The charge object of Pin's API reference. Fees are null for a voided or failed charge. Wherever a charge
 * appears (create, read, capture, void, lists, search, a customer's charges, a dispute, an event)
 * it carries the same keys, as Pin's recorded answers do (issue 41): `authorisation_token` (null
 * unless made from an authorisation), `platform_fees` (0: Wattle takes no fee for a platform) and
 * `platform_adjustment`.
 */
export const presentCharge = (payment: Payment, now: Date, view: ChargeView = {}): ChargeJson => {
  const fees = feesOf(payment);
  return {
    token: payment.token,
    success: succeeded(payment),
    amount: payment.amount,
    currency: payment.currency,
    description: payment.description,
    email: payment.email,
    ip_address: payment.ipAddress,
    created_at: payment.createdAt,
    status_message: statusMessage(payment),
    error_message: errorMessage(payment),
    card: chargeCard(payment),
    ...(view.withoutTransfer ? {} : { transfer: (payment.transfers ?? []).map(presentTransferLink) }),
    amount_refunded: payment.amountRefunded,
    total_fees: fees,
    merchant_entitlement: fees === null ? null : merchantEntitlement(payment),
    platform_fees: 0,
    platform_adjustment: platformAdjustmentOf(payment),
    refund_pending: payment.pendingRefunds > 0,
    authorisation_token: payment.authorisationToken,
    authorisation_expired: isExpiredAuthorisation(payment, now),
    authorisation_voided: payment.state === 'voided',
    captured: payment.state === 'captured',
    captured_at: payment.capturedAt,
    settlement_currency: 'AUD',
    active_chargebacks: payment.dispute?.open === true,
    metadata: payment.metadata,
  };
};

/** The authorisation object of Pin's API reference. */
export const presentAuthorisation = (payment: Payment, now: Date): AuthorisationJson => {
  const expired = isExpiredAuthorisation(payment, now);
  const remaining =
    payment.state === 'authorised'
      ? payment.amount
      : payment.state === 'captured'
        ? payment.amount - payment.amountCaptured
        : 0;
  return {
    token: payment.token,
    success: succeeded(payment),
    amount: payment.amount,
    amount_captured: payment.amountCaptured,
    amount_remaining: remaining,
    currency: payment.currency,
    description: payment.description,
    email: payment.email,
    ip_address: payment.ipAddress,
    created_at: payment.createdAt,
    status_message: statusMessage(payment),
    error_message: errorMessage(payment),
    card: presentCard(payment.card, payment.cardOwner),
    settlement_currency: 'AUD',
    expired,
    voided: payment.state === 'voided',
    voided_at: payment.voidedAt,
    capturable: payment.state === 'authorised' && !expired,
    ...authorisationAdjustmentOf(payment),
    metadata: payment.metadata,
  };
};

/** The refund object (docs/api/behaviour.md): `success` is null in every Pin example, settled or not. */
export const presentRefund = (refund: Refund): RefundJson => ({
  token: refund.token,
  success: null,
  amount: refund.amount,
  currency: refund.currency,
  charge: refund.chargeToken,
  created_at: refund.createdAt,
  error_message: refund.errorMessage,
  status_message:
    refund.state === 'pending' ? 'Pending' : refund.state === 'succeeded' ? 'Success' : 'Failed',
});

/** POST /charges' 202 when 3-D Secure needs the payer's browser: the charge's token and where to send the payer. */
export const presentThreeDSecureRedirect = (
  token: string,
  redirectUrl: string,
): ThreeDSecureRedirectJson => ({
  token,
  status_message: 'Pending',
  redirect_url: redirectUrl,
});
