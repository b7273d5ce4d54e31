import type { DeclineCode } from '@wattle/domain';

/**
 * Adyen's refusal reasons (`refusalReasonCode` and its `refusalReason` text) and the Pin decline
 * code each answers with. Any reason not listed is `card_declined`: a refusal is never
 * `gateway_error`, which Pin's clients take as "nothing happened, try again".
 */
export const refusalReasons: ReadonlyArray<{ code: string; reason: string; decline: DeclineCode }> = [
  { code: '2', reason: 'Refused', decline: 'card_declined' },
  { code: '3', reason: 'Referral', decline: 'card_declined' },
  { code: '4', reason: 'Acquirer Error', decline: 'processing_error' },
  { code: '5', reason: 'Blocked Card', decline: 'card_declined' },
  { code: '6', reason: 'Expired Card', decline: 'expired_card' },
  { code: '7', reason: 'Invalid Amount', decline: 'card_declined' },
  { code: '8', reason: 'Invalid Card Number', decline: 'invalid_card' },
  { code: '9', reason: 'Issuer Unavailable', decline: 'processing_error' },
  { code: '10', reason: 'Not supported', decline: 'card_declined' },
  { code: '11', reason: '3D Not Authenticated', decline: 'card_declined' },
  { code: '12', reason: 'Not enough balance', decline: 'insufficient_funds' },
  { code: '14', reason: 'Acquirer Fraud', decline: 'suspected_fraud' },
  { code: '15', reason: 'Cancelled', decline: 'card_declined' },
  { code: '16', reason: 'Shopper Cancelled', decline: 'card_declined' },
  { code: '20', reason: 'FRAUD', decline: 'suspected_fraud' },
  { code: '21', reason: 'Not Submitted', decline: 'processing_error' },
  { code: '22', reason: 'FRAUD-CANCELLED', decline: 'suspected_fraud' },
  { code: '23', reason: 'Transaction Not Permitted', decline: 'card_declined' },
  { code: '24', reason: 'CVC Declined', decline: 'invalid_cvv' },
  { code: '25', reason: 'Restricted Card', decline: 'card_declined' },
  { code: '27', reason: 'Declined Non Generic', decline: 'card_declined' },
  { code: '28', reason: 'Withdrawal amount exceeded', decline: 'insufficient_funds' },
  { code: '31', reason: 'Issuer Suspected Fraud', decline: 'suspected_fraud' },
  { code: '34', reason: 'No checking account available on Card', decline: 'invalid_card' },
  { code: '35', reason: 'No savings account available on Card', decline: 'invalid_card' },
];

const byCode = new Map(refusalReasons.map((row) => [row.code, row.decline]));
const byReason = new Map(refusalReasons.map((row) => [row.reason.toLowerCase(), row.decline]));

/**
 * The issuer's own answer (`additionalData.refusalReasonRaw`: "41 : Lost card", "DECLINED Stolen
 * card"), where a lost card and a stolen card are told apart: Adyen's reason for both is
 * "Blocked Card" or "Refused".
 */
const rawDecline = (raw: string | undefined): DeclineCode | null => {
  if (!raw) return null;
  if (/^41\b/.test(raw) || /\blost\b/i.test(raw)) return 'lost_card';
  if (/^43\b/.test(raw) || /\bstolen\b/i.test(raw)) return 'stolen_card';
  return null;
};

export interface Refusal {
  /** `refusalReasonCode`. */
  code?: string | undefined;
  /**
   * `refusalReason` (its text before any colon counts). Never a notification's `reason`, which
   * Adyen's HMAC does not cover.
   */
  reason?: string | undefined;
  /** `additionalData.refusalReasonRaw`. */
  raw?: string | undefined;
}

/** The Pin decline code of an Adyen refusal. */
export const declineFor = ({ code, reason, raw }: Refusal): DeclineCode =>
  rawDecline(raw) ??
  (code ? byCode.get(code) : undefined) ??
  (reason ? byReason.get(reason.split(':')[0]!.trim().toLowerCase()) : undefined) ??
  'card_declined';
