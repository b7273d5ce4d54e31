/**
 * The values that carry a cardholder's authentication to the card network: a wallet's or network
 * token's cryptogram (TAVV, UCAF, Apple Pay's online cryptogram), a 3-D Secure CAVV (AAV for
 * Mastercard), and the ECI. Wattle passes them on; their encoding is the network's business, so
 * they are checked for what any of them looks like, not for one encoding or length: clients send
 * base64 padded and unpadded (`AgAAAAAAAIR8CQrXcIhbQAAAAAA`, 27 characters), URL-safe base64, hex,
 * and test values such as `AABBCCDDEEFFGGHH`.
 */

/** The longest cryptogram or CAVV taken; the field's length limit. */
export const maxCryptogramLength = 128;

/** Base64 (standard or URL-safe, padded or not) or hex, of 8 to 128 characters. */
export const isCryptogram = (value: string): boolean =>
  value.length <= maxCryptogramLength && /^[A-Za-z0-9+/_-]{8,}={0,2}$/.test(value);

/**
 * The electronic commerce indicator: two digits, 00 to 07 (05/06/07 as Visa, Amex and most schemes
 * send it, 00/01/02 as Mastercard does; which one a charge claims is the scheme's to judge).
 */
export const isEci = (value: string): boolean => /^0[0-7]$/.test(value);
