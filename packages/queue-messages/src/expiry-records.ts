/**
 * The expiry consumer reads the table's stream records in the store's format: the store decodes
 * them, and the function takes the decoder from here, as it takes no store itself.
 */
export { expiredItemOfStreamRecord } from '@wattle/store';
