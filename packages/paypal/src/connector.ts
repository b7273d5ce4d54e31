import type { Connector } from '@wattle/ports';
import * as v from 'valibot';
import {
  loopbackHost,
  type PayPalConfig,
  paypalProcessorName,
  paypalSandboxUrl,
  paypalSupportsThreeDSecure,
} from './config.ts';

/**
 * PayPal as a connector (the one thing of this package the registry reads): its settings, four
 * names (the local stack's environment, an account's JSON, or its Secrets Manager secret), and its
 * processor, loaded apart on first use (decision 183).
 */

const text = (name: string) =>
  v.pipe(v.optional(v.string(`${name} must be text`), ''), v.trim(), v.nonEmpty(`${name} is missing`));

/** The URL `value` is, if it is one. */
const urlOf = (value: string): URL | undefined => (URL.canParse(value) ? new URL(value) : undefined);

const apiUrl = v.pipe(
  v.optional(v.string(), paypalSandboxUrl),
  v.trim(),
  v.transform((value) => (value === '' ? paypalSandboxUrl : value).replace(/\/+$/, '')),
  v.check((value) => {
    const url = urlOf(value);
    return !!url && (url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash;
  }, `PAYPAL_API_URL must be PayPal's REST API http(s) base URL (${paypalSandboxUrl})`),
  v.check((value) => {
    const url = urlOf(value);
    return url?.protocol !== 'http:' || loopbackHost(url.hostname);
  }, 'PAYPAL_API_URL must be https: plain http carries the credentials and the card in clear, so it is taken only for a mock on this machine (localhost, 127.0.0.1, [::1])'),
);

/** A PayPal account's settings, by the names the environment, its JSON and its secret give them. */
export const paypalSettings = v.pipe(
  v.object({
    PAYPAL_API_URL: apiUrl,
    PAYPAL_CLIENT_ID: text('PAYPAL_CLIENT_ID'),
    PAYPAL_CLIENT_SECRET: text('PAYPAL_CLIENT_SECRET'),
    PAYPAL_WEBHOOK_ID: v.pipe(
      text('PAYPAL_WEBHOOK_ID'),
      v.regex(
        /^[a-zA-Z0-9]+$/,
        "PAYPAL_WEBHOOK_ID must be the id of the app's webhook in PayPal's developer dashboard",
      ),
    ),
  }),
  v.transform(
    (settings): PayPalConfig => ({
      apiUrl: settings.PAYPAL_API_URL,
      clientId: settings.PAYPAL_CLIENT_ID,
      clientSecret: settings.PAYPAL_CLIENT_SECRET,
      webhookId: settings.PAYPAL_WEBHOOK_ID,
    }),
  ),
);

const processorModule = '@wattle/paypal/processor';

export const paypalConnector: Connector<PayPalConfig> = {
  name: paypalProcessorName,
  settings: paypalSettings,
  processor: async (settings) => {
    // A specifier of its own, so that a bundler leaves it out (the function's asset ships it).
    const { paypalProcessor } = (await import(
      '@wattle/paypal/processor'
    )) as typeof import('./paypal-processor.ts');
    return paypalProcessor(settings);
  },
  supportsThreeDSecure: paypalSupportsThreeDSecure,
  describe: (settings) => `PayPal, REST app ${settings.clientId} at ${settings.apiUrl}`,
  loadedApart: { module: processorModule, packageDir: 'packages/paypal' },
};
