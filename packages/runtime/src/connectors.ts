import { adyenConnector } from '@wattle/adyen/connector';
import { paypalConnector } from '@wattle/paypal/connector';
import type { Connector } from '@wattle/ports';

/*
 * The one registry of connectors: the composition (the accounts' processors), the deployment (which
 * modules ship apart, docs/decisions/0183) and the local stack read it, and nothing else names a
 * connector (test/unit/connectors-named-once.test.ts). A connector is added here, by one line,
 * and in its own package (docs/operations/processors.md).
 */

// biome-ignore lint/suspicious/noExplicitAny: each connector's settings are its own; the composition only passes them back to it.
export const connectors: readonly Connector<any>[] = [adyenConnector, paypalConnector];

/** The connector named `name`, if the registry has one. */
export const connectorNamed = (name: string): Connector<unknown> | undefined =>
  connectors.find((connector) => connector.name === name);
