import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adyenTestCheckoutUrl } from '@wattle/adyen';
import { loadProcessorConfig, type ProcessorConfig, processorsFor, readyProcessor } from '@wattle/runtime';
import { describe, expect, it, vi } from 'vitest';
import { adyenNotifications } from '../fakes/adyen.ts';

const adyen = {
  WATTLE_LIVE_PROCESSOR: 'adyen',
  ADYEN_API_KEY: 'AQE-test-key',
  ADYEN_MERCHANT_ACCOUNT: 'WattleTest',
  ADYEN_HMAC_KEY: '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056',
};
const live = { environment: 'live' } as const;

/** The settings of a configuration's one account, given in the configuration. */
const settingsOf = (config: ProcessorConfig) => {
  const [account] = config.accounts;
  return account?.settings.from === 'settings' ? account.settings.settings : undefined;
};
const test = { environment: 'test' } as const;

/** The accounts of a configuration, with their connector's name in place of the connector. */
const accountsOf = (config: ProcessorConfig) =>
  config.accounts.map(({ connector, ...account }) => ({ ...account, connector: connector.name }));

const inClear = (() => {
  const { WATTLE_LIVE_PROCESSOR: _, ...settings } = adyen;
  return settings;
})();

describe("the live processor's configuration (WATTLE_LIVE_PROCESSOR, ADYEN_*)", () => {
  it('is the simulator unless an account is chosen, whatever ADYEN_* says', () => {
    expect(loadProcessorConfig({})).toEqual({ live: 'simulator', accounts: [] });
    expect(loadProcessorConfig({ WATTLE_LIVE_PROCESSOR: 'simulator' })).toEqual({
      live: 'simulator',
      accounts: [],
    });
    expect(loadProcessorConfig(inClear)).toEqual({ live: 'simulator', accounts: [] });
  });

  it("takes Adyen's settings from the environment as the account `adyen`, the Checkout URL defaulting to Adyen's test endpoint", () => {
    const config = loadProcessorConfig(adyen);
    expect(config.live).toBe('adyen');
    expect(accountsOf(config)).toEqual([
      {
        name: 'adyen',
        connector: 'adyen',
        settings: {
          from: 'settings',
          settings: {
            checkoutUrl: adyenTestCheckoutUrl,
            apiKey: 'AQE-test-key',
            merchantAccount: 'WattleTest',
            hmacKey: adyen.ADYEN_HMAC_KEY,
          },
        },
      },
    ]);
    expect(
      settingsOf(loadProcessorConfig({ ...adyen, ADYEN_CHECKOUT_URL: 'http://127.0.0.1:4010/v71/' })),
    ).toMatchObject({
      checkoutUrl: 'http://127.0.0.1:4010/v71',
    });
  });

  it('names every missing setting at once', () => {
    expect(() => loadProcessorConfig({ WATTLE_LIVE_PROCESSOR: 'adyen' })).toThrow(
      'The live processor account adyen in the environment: ADYEN_API_KEY is missing; ADYEN_MERCHANT_ACCOUNT is missing; ADYEN_HMAC_KEY is missing',
    );
    expect(() => loadProcessorConfig({ ...adyen, ADYEN_MERCHANT_ACCOUNT: ' ' })).toThrow(
      'in the environment: ADYEN_MERCHANT_ACCOUNT is missing',
    );
  });

  it('refuses an unknown account, a Checkout URL that is no http(s) base URL and an HMAC key that is not hex', () => {
    expect(() => loadProcessorConfig({ WATTLE_LIVE_PROCESSOR: 'stripe' })).toThrow(
      'WATTLE_LIVE_PROCESSOR must be simulator, a declared processor account or a connector (adyen, paypal), not "stripe"',
    );
    for (const bad of [
      'checkout-test.adyen.com/v71',
      'ftp://checkout-test.adyen.com/v71',
      'https://x/v71?a=1',
    ])
      expect(() => loadProcessorConfig({ ...adyen, ADYEN_CHECKOUT_URL: bad }), bad).toThrow(
        "ADYEN_CHECKOUT_URL must be the Checkout API's http(s) base URL",
      );
    for (const bad of ['not-hex', 'ABC'])
      expect(() => loadProcessorConfig({ ...adyen, ADYEN_HMAC_KEY: bad }), bad).toThrow(
        'ADYEN_HMAC_KEY must be the hex HMAC key',
      );
  });

  it('takes plain http only for a mock on this machine: the API key and the card never cross a network in clear', () => {
    for (const local of ['http://127.0.0.1:4010/v71', 'http://localhost:4010/v71', 'http://[::1]:4010/v71'])
      expect(settingsOf(loadProcessorConfig({ ...adyen, ADYEN_CHECKOUT_URL: local }))).toMatchObject({
        checkoutUrl: local,
      });
    for (const remote of [
      'http://checkout-test.adyen.com/v71',
      'http://10.0.0.5:4010/v71',
      'http://127.0.0.1.example.com/v71',
    ])
      expect(() => loadProcessorConfig({ ...adyen, ADYEN_CHECKOUT_URL: remote }), remote).toThrow(
        'ADYEN_CHECKOUT_URL must be https',
      );
  });

  it('in AWS before accounts, names the secret that holds the settings, read later', () => {
    const config = loadProcessorConfig({
      WATTLE_LIVE_PROCESSOR: 'adyen',
      WATTLE_ADYEN_SECRET_ARN: 'arn:secret',
    });
    expect(accountsOf(config)).toEqual([
      { name: 'adyen', connector: 'adyen', settings: { from: 'secret', secretId: 'arn:secret' } },
    ]);
  });
});

describe('the processor accounts (WATTLE_PROCESSOR_ACCOUNTS, or its file)', () => {
  const declared = {
    'adyen-au': { connector: 'adyen', settings: inClear },
    'adyen-nz': { connector: 'adyen', secret: 'arn:nz' },
  };

  it('are declared by name, each with its connector and its settings or secret, from JSON or a file', () => {
    const env = { WATTLE_PROCESSOR_ACCOUNTS: JSON.stringify(declared), WATTLE_LIVE_PROCESSOR: 'adyen-au' };
    const config = loadProcessorConfig(env);
    expect(config.live).toBe('adyen-au');
    expect(
      accountsOf(config).map(({ name, connector, settings }) => [name, connector, settings.from]),
    ).toEqual([
      ['adyen-au', 'adyen', 'settings'],
      ['adyen-nz', 'adyen', 'secret'],
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'wattle-accounts-'));
    try {
      const file = join(dir, 'accounts.json');
      writeFileSync(file, JSON.stringify(declared));
      expect(accountsOf(loadProcessorConfig({ WATTLE_PROCESSOR_ACCOUNTS_FILE: file }))).toEqual(
        accountsOf(config),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses an account of no registered connector, the simulator's name, and settings its connector refuses", () => {
    const load = (accounts: unknown) => () =>
      loadProcessorConfig({ WATTLE_PROCESSOR_ACCOUNTS: JSON.stringify(accounts) });
    expect(load({ 'stripe-au': { connector: 'stripe', settings: {} } })).toThrow(
      'The processor account stripe-au names the connector "stripe", which is none of adyen',
    );
    expect(load({ simulator: { connector: 'adyen', settings: inClear } })).toThrow(
      "the built-in simulator's name",
    );
    expect(load({ 'Adyen AU': { connector: 'adyen', settings: inClear } })).toThrow('lower-case letters');
    expect(
      load({ 'adyen-au': { connector: 'adyen', settings: { ...inClear, ADYEN_HMAC_KEY: 'xyz' } } }),
    ).toThrow(
      'The processor account adyen-au in WATTLE_PROCESSOR_ACCOUNTS: ADYEN_HMAC_KEY must be the hex HMAC key',
    );
  });
});

describe("each environment's processor (processorsFor)", () => {
  it('is the simulator for both environments by default', () => {
    const processorOf = processorsFor(loadProcessorConfig({}));
    expect(processorOf(test).name).toBe('simulator');
    expect(processorOf(live).name).toBe('simulator');
  });

  it('is Adyen for live only when configured; test keeps the simulator', () => {
    const processorOf = processorsFor(loadProcessorConfig(adyen));
    expect(processorOf(live).name).toBe('adyen');
    expect(processorOf(live).account).toBe('adyen');
    expect(processorOf(test).name).toBe('simulator');
    expect(processorOf(test).account).toBe('simulator');
    expect(processorOf({ environment: 'live' })).toBe(processorOf(live));
  });

  it("gives a payment's recorded account whatever the default, and refuses an account the deployment lacks", () => {
    const processorOf = processorsFor(
      loadProcessorConfig({
        WATTLE_PROCESSOR_ACCOUNTS: JSON.stringify({
          'adyen-au': { connector: 'adyen', settings: inClear },
          'adyen-nz': { connector: 'adyen', settings: { ...inClear, ADYEN_MERCHANT_ACCOUNT: 'WattleNZ' } },
        }),
        WATTLE_LIVE_PROCESSOR: 'adyen-nz',
      }),
    );
    expect(processorOf(live).account).toBe('adyen-nz');
    expect(processorOf({ environment: 'live', account: 'adyen-au' }).account).toBe('adyen-au');
    expect(processorOf({ environment: 'live', account: 'simulator' }).name).toBe('simulator');
    // Test has the simulator alone, whatever a payment names.
    expect(processorOf({ environment: 'test', account: 'adyen-au' }).account).toBe('simulator');
    expect(() => processorOf({ environment: 'live', account: 'adyen-us' })).toThrow(
      'The live processor account "adyen-us" is not configured',
    );
  });

  it("loads Adyen's connector on a live payment's first use, not with the function", async () => {
    let loads = 0;
    vi.resetModules();
    vi.doMock('@wattle/adyen/processor', async (importOriginal) => {
      loads++;
      return importOriginal();
    });
    try {
      const runtime = await import('@wattle/runtime');
      const processor = runtime.processorsFor(runtime.loadProcessorConfig(adyen))(live);
      // What a payment asks before it calls the processor needs no connector.
      expect(processor.name).toBe('adyen');
      expect(processor.supportsThreeDSecure({ scheme: 'amex' } as never)).toBe(true);
      expect(() => processor.readNotifications({ headers: {}, body: '{}' })).toThrow('await readyProcessor');
      expect(loads).toBe(0);
      const ready = await runtime.readyProcessor(processor);
      await runtime.readyProcessor(processor);
      expect(loads).toBe(1);
      expect(ready.name).toBe('adyen');
      expect((await ready.readNotifications({ headers: {}, body: '{}' })).verdict).toBe('refused');
    } finally {
      vi.doUnmock('@wattle/adyen/processor');
      vi.resetModules();
    }
  });

  it('reads the secret once, on first use, and verifies notifications with its HMAC key', async () => {
    const reads: string[] = [];
    const processorOf = processorsFor(
      loadProcessorConfig({ WATTLE_LIVE_PROCESSOR: 'adyen', WATTLE_ADYEN_SECRET_ARN: 'arn:adyen' }),
      {
        readSecret: async (secretId) => {
          reads.push(secretId);
          const { WATTLE_LIVE_PROCESSOR: _, ...settings } = adyen;
          return settings;
        },
      },
    );
    const processor = processorOf(live);
    expect(processor.name).toBe('adyen');
    expect(reads).toEqual([]);
    expect(() => processor.readNotifications({ headers: {}, body: '{}' })).toThrow('await readyProcessor');
    const ready = await readyProcessor(processor);
    await readyProcessor(processor);
    expect(reads).toEqual(['arn:adyen']);

    const signer = adyenNotifications({ hmacKey: adyen.ADYEN_HMAC_KEY, merchantAccount: 'WattleTest' });
    const item = (key?: string) =>
      signer.deliveryBody([
        signer.notificationItem(
          {
            eventCode: 'CAPTURE',
            pspReference: 'PSP0000000000002',
            merchantReference: 'ch_1',
            amount: { value: 1000, currency: 'AUD' },
          },
          key,
        ),
      ]);
    expect((await ready.readNotifications({ headers: {}, body: item() })).verdict).toBe('accepted');
    expect((await processor.readNotifications({ headers: {}, body: item('00') })).verdict).toBe('refused');
  });

  it('reads the secret again after a failed read, and says which secret lacks what', async () => {
    let answer: Record<string, unknown> = { ADYEN_API_KEY: 'k' };
    const processorOf = processorsFor(
      loadProcessorConfig({ WATTLE_LIVE_PROCESSOR: 'adyen', WATTLE_ADYEN_SECRET_ARN: 'arn:adyen' }),
      { readSecret: async () => answer },
    );
    await expect(readyProcessor(processorOf(live))).rejects.toThrow(
      "The processor account adyen's secret arn:adyen: ADYEN_MERCHANT_ACCOUNT is missing; ADYEN_HMAC_KEY is missing",
    );
    const { WATTLE_LIVE_PROCESSOR: __, ...inClear } = adyen;
    answer = { ...inClear, ADYEN_CHECKOUT_URL: 'http://checkout-test.adyen.com/v71' };
    await expect(readyProcessor(processorOf(live))).rejects.toThrow(
      "The processor account adyen's secret arn:adyen: ADYEN_CHECKOUT_URL must be https",
    );
    const { WATTLE_LIVE_PROCESSOR: _, ...settings } = adyen;
    answer = settings;
    expect((await readyProcessor(processorOf(live))).name).toBe('adyen');
  });
});
