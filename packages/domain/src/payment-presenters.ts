import { errorCatalogue } from './errors.ts';
import {
  feesOf,
  isExpiredAuthorisation,
  merchantEntitlement,
  type Payment,
  statusMessage,
} from './payment.ts';
import { presentPlatformAdjustment } from './platform-adjustment.ts';
import { presentCard } from './presenters.ts';
import type { Refund } from './refund.ts';
import { presentTransferLink } from './transfer.ts';

const succeeded = (payment: Payment): boolean =>
  payment.state === 'authorised' || payment.state === 'captured' || payment.state === 'voided';

const errorMessage = (payment: Payment): string | null =>
  payment.decline ? errorCatalogue[payment.decline].description : null;

/** The card as a charge shows it: without network_type and network_format (SPEC.md). */
const chargeCard = (payment: Payment) => {
  const {
    network_type: _type,
    network_format: _format,
    ...card
  } = presentCard(payment.card, payment.cardOwner);
  return card;
};

/** `platform_adjustment`, on payments made with one only: the others keep SPEC.md's fields. */
const platformAdjustmentOf = (payment: Payment) =>
  payment.platformAdjustment
    ? { platform_adjustment: presentPlatformAdjustment(payment.platformAdjustment) }
    : {};

export interface ChargeView {
  /** Customer charge lists and events always show authorisation_token (null when none). */
  withAuthorisationToken?: boolean;
  /** The 3-D Secure verify response has no `transfer`. */
  withoutTransfer?: boolean;
}

/** The charge object of SPEC.md. Fees are null for a voided or failed charge. */
export const presentCharge = (payment: Payment, now: Date, view: ChargeView = {}) => {
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
    ...platformAdjustmentOf(payment),
    refund_pending: payment.pendingRefunds > 0,
    ...(view.withAuthorisationToken || payment.authorisationToken !== null
      ? { authorisation_token: payment.authorisationToken }
      : {}),
    authorisation_expired: isExpiredAuthorisation(payment, now),
    authorisation_voided: payment.state === 'voided',
    captured: payment.state === 'captured',
    captured_at: payment.capturedAt,
    settlement_currency: 'AUD',
    active_chargebacks: payment.dispute?.open === true,
    metadata: payment.metadata,
  };
};

/** The authorisation object of SPEC.md. */
export const presentAuthorisation = (payment: Payment, now: Date) => {
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
    ...platformAdjustmentOf(payment),
    metadata: payment.metadata,
  };
};

/** The refund object (PIN-REFERENCE §4.6): `success` is null in every Pin example, settled or not. */
export const presentRefund = (refund: Refund) => ({
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
