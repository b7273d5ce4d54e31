import { createHash } from 'node:crypto';
import {
  type Payment,
  type PaymentKind,
  type PaymentTerms,
  PinError,
  type Scope,
  threeDSecureSessionSeconds,
  toTimestamp,
} from '@wattle/domain';
import { commitUsingToken } from '@wattle/flows';
import type { RuntimeDeps } from '@wattle/runtime';
import { listSortKey } from '@wattle/store';
import { type PaymentSource, resolveSource } from './payment-sources.ts';
import { settleWithProcessor } from './settle-payment.ts';

export interface ThreeDSecureRequest {
  enabled: boolean;
  callbackUrl: string;
  fallbackOk: boolean;
}

export interface PaymentRequest extends PaymentTerms {
  kind: PaymentKind;
  /** POST /charges capture (default true); authorisations are never captured at once. */
  capture: boolean;
  source: PaymentSource;
  threeDSecure: ThreeDSecureRequest | null;
  /**
   * The payment's token when the caller derives it (a subscription's bill): a second request with
   * the same token fails at the reservation (label `payment`) and never reaches the processor.
   */
  token?: string | undefined;
}

/**
 * A payment token derived from `seed` (a bill attempt, an Idempotency-Key): whoever derives it
 * again names the same payment, so a second attempt fails at the reservation instead of paying twice.
 */
export const derivedPaymentToken = (kind: PaymentKind, seed: string): string =>
  `${kind === 'charge' ? 'ch' : 'auth'}_${createHash('sha256').update(seed).digest('base64url').slice(0, 22)}`;

export type PaymentCreated =
  | { outcome: 'settled'; payment: Payment }
  | { outcome: 'three_d_secure'; payment: Payment; sessionToken: string };

/** How long a reserved payment may stay unsettled before the recovery job finishes it. */
const recoveryDelayMs = 2 * 60 * 1000;

/**
 * 3-D Secure runs in the live environment, for cards that take part in it; elsewhere the charge
 * goes on without it when `fallback_ok` allows, and is refused otherwise.
 */
const wantsThreeDSecure = (
  deps: RuntimeDeps,
  scope: Scope,
  request: PaymentRequest,
  card: Payment['card'],
) => {
  const asked = request.threeDSecure;
  if (!asked?.enabled) return false;
  const available = scope.environment === 'live' && deps.processor.supportsThreeDSecure(card);
  if (available) return true;
  if (asked.fallbackOk) return false;
  throw new PinError('three_d_secure_unavailable');
};

/**
 * Creates a charge or an authorisation. The payment is reserved first (its card token used up,
 * its recovery scheduled), then the processor is asked, then the outcome is written: racing
 * requests for one card token never reach the processor twice.
 */
export const createPayment = async (
  deps: RuntimeDeps,
  scope: Scope,
  request: PaymentRequest,
): Promise<PaymentCreated> => {
  const { store, ids, clock } = deps;
  const now = clock.now();
  const source = await resolveSource(store, ids, scope, request.source, now);
  const threeDSecure = wantsThreeDSecure(deps, scope, request, source.card);
  const sessionToken = threeDSecure ? ids.token('se') : null;
  const reserved: Payment = {
    kind: request.kind,
    token: request.token ?? ids.token(request.kind === 'charge' ? 'ch' : 'auth'),
    state: sessionToken ? 'pending_3ds' : 'processing',
    captureOnSuccess: request.kind === 'charge' && request.capture,
    amount: request.amount,
    currency: request.currency,
    description: request.description,
    email: request.email,
    ipAddress: request.ipAddress,
    reference: request.reference,
    metadata: request.metadata,
    card: source.card,
    cardOwner: source.owner,
    customerToken: source.customerToken,
    createdAt: toTimestamp(now),
    decline: null,
    capturedAt: null,
    voidedAt: null,
    expiresAt: null,
    authorisationToken: null,
    amountCaptured: 0,
    amountRefunded: 0,
    pendingRefunds: 0,
    totalFees: null,
    threeDSecure:
      sessionToken && request.threeDSecure
        ? {
            sessionToken,
            callbackUrl: request.threeDSecure.callbackUrl,
            fallbackOk: request.threeDSecure.fallbackOk,
            result: null,
          }
        : null,
  };
  await commitUsingToken('card_token', () =>
    store.payments.reserve(
      scope,
      reserved,
      source.sealedNumber,
      {
        cardToken: source.consumesCardToken ?? undefined,
        joinLists: sessionToken !== null,
        sessionToken: sessionToken ?? undefined,
        // A 3-D Secure charge's recovery is its session's end: unanswered by then, it is declined.
        recoveryDueAt: new Date(
          now.getTime() + (sessionToken ? threeDSecureSessionSeconds * 1000 : recoveryDelayMs),
        ),
      },
      now,
    ),
  );
  if (sessionToken) return { outcome: 'three_d_secure', payment: reserved, sessionToken };
  const payment = await settleWithProcessor(deps, scope, reserved, source.cardNumber, {
    from: 'processing',
    joinLists: true,
    listSortKey: listSortKey(now, reserved.token),
  });
  return { outcome: 'settled', payment };
};
