/**
 * The expiry consumer reads the table's stream records in the store's format: the store decodes
 * them, and the function takes the decoder from here, as it takes everything of the outside.
 */
export { expiredItemOfStreamRecord } from '@wattle/store';
