import type { Card, PaymentProcessor } from '@wattle/domain';

/**
 * A schema of the Standard Schema interface (https://standardschema.dev), which valibot's schemas
 * implement: how the composition checks a connector's settings without knowing the library.
 */
export interface SettingsSchema<Settings> {
  readonly '~standard': {
    readonly validate: (
      value: unknown,
    ) =>
      | { readonly value: Settings; readonly issues?: undefined }
      | { readonly issues: readonly { readonly message: string; readonly path?: readonly unknown[] }[] }
      | Promise<unknown>;
  };
}

/**
 * A connector: a package that connects Wattle to one acquirer's API, and exports this (and
 * nothing else the rest of Wattle reads). The composition finds it in the one registry of
 * connectors (@wattle/runtime/connectors), by `name`; a processor account names its connector and
 * holds its settings (docs/operations/processors.md).
 */
export interface Connector<Settings = unknown> {
  /** Its name (`PaymentProcessor.name`), as a processor account's `connector` names it. */
  readonly name: string;
  /**
   * Its settings, as one object (a valibot schema): the keys are the names the local stack reads
   * from its environment for the account named as the connector (`ADYEN_API_KEY`), and the keys of
   * an account's JSON settings or Secrets Manager secret.
   */
  readonly settings: SettingsSchema<Settings>;
  /**
   * Its processor over an account's settings (PaymentProcessor: its calls, and how it verifies and
   * reads a delivery of its notifications, readNotifications), loaded when first needed: a
   * connector's library is loaded by the first live call, not at a cold start.
   */
  readonly processor: (settings: Settings) => Promise<PaymentProcessor>;
  /** Whether a card can take part in its 3-D Secure, answered without loading the processor. */
  readonly supportsThreeDSecure: (card: Card) => boolean;
  /** What the local stack's start shows of an account's settings (never a key). */
  readonly describe: (settings: Settings) => string;
  /**
   * The module `processor` loads (a package's export, `@wattle/adyen/processor`): the deployment
   * bundles it apart and ships it beside each function that calls processors (decision 183).
   */
  readonly loadedApart?: { readonly module: string; readonly packageDir: string };
}
