/**
 * The parts of Adyen's library the connector uses, each from its own module: the library's index
 * loads every API it covers (2.5 MB bundled, about 1 s to load in a cold start, against 0.38 MB
 * and 0.2 s for these; docs/decisions/0183).
 */
import clientModule from '@adyen/api-library/lib/src/client.js';
import { EnvironmentEnum } from '@adyen/api-library/lib/src/config.js';
import { ModificationsApi } from '@adyen/api-library/lib/src/services/checkout/modificationsApi.js';
import { PaymentsApi } from '@adyen/api-library/lib/src/services/checkout/paymentsApi.js';
import hmacValidatorModule from '@adyen/api-library/lib/src/utils/hmacValidator.js';

/**
 * A default export of the library's CommonJS modules: Node hands an ES module the CommonJS
 * `exports` (the class under `default`), bundlers and vitest's loader may hand the class itself.
 */
const defaultOf = <T>(module: { default: T }): T => module.default ?? (module as T);

export const Client = defaultOf(clientModule);
export type Client = InstanceType<typeof Client>;
export const HmacValidator = defaultOf(hmacValidatorModule);
export { EnvironmentEnum, ModificationsApi, PaymentsApi };
