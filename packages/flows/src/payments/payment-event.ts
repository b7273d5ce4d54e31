import { type Ids, newEvent, type Payment, toTimestamp, type WattleEvent } from '@wattle/domain';
import { presentAuthorisation, presentCharge } from '@wattle/wire';

/** The event of a payment's new state, with the payment as its endpoint shows it. */
export const paymentEvent = (ids: Ids, payment: Payment, now: Date): WattleEvent => {
  const type =
    payment.state === 'failed'
      ? 'charge.failed'
      : payment.state === 'voided'
        ? 'charge.voided'
        : payment.state === 'captured'
          ? 'charge.captured'
          : 'charge.authorised';
  const data = payment.kind === 'charge' ? presentCharge(payment, now) : presentAuthorisation(payment, now);
  return newEvent(ids, type, data, toTimestamp(now));
};
