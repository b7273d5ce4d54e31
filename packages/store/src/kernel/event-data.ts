import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { StoreError } from './errors.ts';

/**
 * An event's `data` as its item keeps it: Pin's JSON of the resource, deflated against a preset
 * dictionary of Pin's field names, as a Binary whose first byte names the format. A charge's JSON
 * (~950 bytes) keeps ~210, so the event item stays under 1 KB: one write unit per write and per
 * index copy instead of two (TABLE.md). Items written before hold the JSON text (a String) and read
 * the same.
 *
 * A format, once written, is read for as long as events are kept: never change a dictionary, add a
 * format with a new number instead.
 */

/** The charge object as Pin shows it, values elided, then the card, customer and refund fields. */
const dictionaryV1 = Buffer.from(
  [
    '"customer":{"token":"cus_","email":"","first_name":"","last_name":"","phone_number":"","company":"","notes":"","created_at":"","card":',
    '"refund":{"token":"rf_","success":null,"status_message":"Pending","charge":"ch_","error_message":null,"created_at":"',
    '"authorisation":{"token":"auth_","authorisation_expired":false,"authorisation_voided":false,',
    '{"token":"ch_","success":true,"amount":,"currency":"AUD","description":"","email":"","ip_address":"","created_at":"","status_message":"Success","error_message":null,',
    '"card":{"token":"card_","scheme":"visa","display_number":"XXXX-XXXX-XXXX-","issuing_country":"AU","expiry_month":,"expiry_year":20,"name":"","address_line1":"","address_line2":null,"address_city":"","address_postcode":"","address_state":"","address_country":"Australia","customer_token":null,"primary":null},',
    '"transfer":[],"amount_refunded":0,"total_fees":,"merchant_entitlement":,"refund_pending":false,"authorisation_token":null,"authorisation_expired":false,"authorisation_voided":false,"captured":true,"captured_at":"","settlement_currency":"AUD","active_chargebacks":false,"metadata":{}}',
  ].join(''),
);

const formats: Record<number, Buffer> = { 1: dictionaryV1 };
const currentFormat = 1;

/**
 * The deflate window when writing: 8 KB instead of zlib's 32 KB, which halves the CPU of a write
 * (zlib sets up and clears the whole window per call) and gives the same bytes while the dictionary
 * and the JSON fit in it (an event's JSON is ~1 KB). The reader keeps zlib's 32 KB window, which
 * reads a stream deflated with any smaller one: items written before read the same.
 */
const writeWindowBits = 13;

/** The event's data to write into its item. */
export const encodeEventData = (data: Record<string, unknown>): Uint8Array => {
  const body = deflateRawSync(JSON.stringify(data), {
    dictionary: formats[currentFormat],
    windowBits: writeWindowBits,
  });
  return Buffer.concat([Buffer.of(currentFormat), body]);
};

/** The event's data from its item: a Binary of a known format, or the JSON text of items written before. */
export const decodeEventData = (stored: unknown): Record<string, unknown> => {
  if (typeof stored === 'string') return JSON.parse(stored) as Record<string, unknown>;
  if (!(stored instanceof Uint8Array)) throw new StoreError('The event item has no data');
  const dictionary = formats[stored[0] as number];
  if (!dictionary) throw new StoreError(`The event data is of an unknown format ${stored[0]}`);
  const text = inflateRawSync(stored.subarray(1), { dictionary }).toString('utf8');
  return JSON.parse(text) as Record<string, unknown>;
};
