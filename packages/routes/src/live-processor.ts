/*
 * How a deployment names its processor accounts to its functions (the stack sets these on the
 * functions that call processors or verify their notifications; the local stack takes them from
 * its own environment): read by @wattle/runtime's loadProcessorConfig (docs/operations/processors.md).
 */

/** The built-in simulator's account name: test's processor always, and live's until another is the default. */
export const simulatorAccount = 'simulator';

/** The live environment's default account: a new live payment's (default `simulator`). */
export const liveProcessorVariable = 'WATTLE_LIVE_PROCESSOR';

/**
 * The processor accounts, as a JSON object by name: `{ "adyen-au": { "connector": "adyen",
 * "settings": { … } } }`, or, in AWS, `"secret": "<ARN>"` in place of the settings (the secret holds
 * them, as a JSON object).
 */
export const processorAccountsVariable = 'WATTLE_PROCESSOR_ACCOUNTS';

/** Locally: a JSON file of the accounts, as WATTLE_PROCESSOR_ACCOUNTS holds them. */
export const processorAccountsFileVariable = 'WATTLE_PROCESSOR_ACCOUNTS_FILE';
