import { adyenTestCheckoutUrl } from '@wattle/adyen';
import { loadProcessorConfig, processorsFor, readyProcessor } from '@wattle/runtime';
import { describe, expect, it, vi } from 'vitest';
import { adyenNotifications } from '../fakes/adyen.ts';

const adyen = {
  WATTLE_LIVE_PROCESSOR: 'adyen',
  ADYEN_API_KEY: 'AQE-test-key',
  ADYEN_MERCHANT_ACCOUNT: 'WattleTest',
  ADYEN_HMAC_KEY: '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056',
};
const live = { environment: 'live' } as const;
const test = { environment: 'test' } as const;

describe("the live processor's configuration (WATTLE_LIVE_PROCESSOR, ADYEN_*)", () => {
  it('is the simulator unless Adyen is chosen, whatever ADYEN_* says', () => {
    expect(loadProcessorConfig({})).toEqual({ live: 'simulator' });
    expect(loadProcessorConfig({ WATTLE_LIVE_PROCESSOR: 'simulator' })).toEqual({ live: 'simulator' });
    const { WATTLE_LIVE_PROCESSOR: _, ...keysOnly } = adyen;
    expect(loadProcessorConfig(keysOnly)).toEqual({ live: 'simulator' });
  });

  it("takes Adyen's settings from the environment, the Checkout URL defaulting to Adyen's test endpoint", () => {
    expect(loadProcessorConfig(adyen)).toEqual({
      live: 'adyen',
      adyen: {
        from: 'settings',
        settings: {
          checkoutUrl: adyenTestCheckoutUrl,
          apiKey: 'AQE-test-key',
          merchantAccount: 'WattleTest',
          hmacKey: adyen.ADYEN_HMAC_KEY,
        },
      },
    });
    const mock = loadProcessorConfig({ ...adyen, ADYEN_CHECKOUT_URL: 'http://127.0.0.1:4010/v71/' });
    expect(mock.live === 'adyen' && mock.adyen.from === 'settings' && mock.adyen.settings.checkoutUrl).toBe(
      'http://127.0.0.1:4010/v71',
    );
  });

  it('names every missing setting at once', () => {
    expect(() => loadProcessorConfig({ WATTLE_LIVE_PROCESSOR: 'adyen' })).toThrow(
      'The live processor is Adyen, and the environment lacks ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT, ADYEN_HMAC_KEY',
    );
    expect(() => loadProcessorConfig({ ...adyen, ADYEN_MERCHANT_ACCOUNT: ' ' })).toThrow(
      'the environment lacks ADYEN_MERCHANT_ACCOUNT',
    );
  });

  it('refuses an unknown processor, a Checkout URL that is no http(s) base URL and an HMAC key that is not hex', () => {
    expect(() => loadProcessorConfig({ WATTLE_LIVE_PROCESSOR: 'stripe' })).toThrow(
      'WATTLE_LIVE_PROCESSOR must be one of simulator, adyen, not "stripe"',
    );
    for (const bad of [
      'checkout-test.adyen.com/v71',
      'ftp://checkout-test.adyen.com/v71',
      'https://x/v71?a=1',
    ])
      expect(() => loadProcessorConfig({ ...adyen, ADYEN_CHECKOUT_URL: bad }), bad).toThrow(
        "ADYEN_CHECKOUT_URL in the environment must be the Checkout API's http(s) base URL",
      );
    for (const bad of ['not-hex', 'ABC'])
      expect(() => loadProcessorConfig({ ...adyen, ADYEN_HMAC_KEY: bad }), bad).toThrow(
        'ADYEN_HMAC_KEY in the environment must be the hex HMAC key',
      );
  });

  it('takes plain http only for a mock on this machine: the API key and the card never cross a network in clear', () => {
    for (const local of ['http://127.0.0.1:4010/v71', 'http://localhost:4010/v71', 'http://[::1]:4010/v71']) {
      const config = loadProcessorConfig({ ...adyen, ADYEN_CHECKOUT_URL: local });
      expect(
        config.live === 'adyen' && config.adyen.from === 'settings' && config.adyen.settings.checkoutUrl,
      ).toBe(local);
    }
    for (const remote of [
      'http://checkout-test.adyen.com/v71',
      'http://10.0.0.5:4010/v71',
      'http://127.0.0.1.example.com/v71',
    ])
      expect(() => loadProcessorConfig({ ...adyen, ADYEN_CHECKOUT_URL: remote }), remote).toThrow(
        'ADYEN_CHECKOUT_URL in the environment must be https',
      );
  });

  it('in AWS names the secret that holds the settings, read later', () => {
    expect(
      loadProcessorConfig({ WATTLE_LIVE_PROCESSOR: 'adyen', WATTLE_ADYEN_SECRET_ARN: 'arn:secret' }),
    ).toEqual({
      live: 'adyen',
      adyen: { from: 'secret', secretId: 'arn:secret' },
    });
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
    expect(processorOf(test).name).toBe('simulator');
    expect(processorOf({ environment: 'live' })).toBe(processorOf(live));
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
      expect(ready.readNotifications({ headers: {}, body: '{}' }).verdict).toBe('refused');
    } finally {
      vi.doUnmock('@wattle/adyen/processor');
      vi.resetModules();
    }
  });

  it('reads the secret once, on first use, and verifies notifications with its HMAC key', async () => {
    const reads: string[] = [];
    const processorOf = processorsFor(
      { live: 'adyen', adyen: { from: 'secret', secretId: 'arn:adyen' } },
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
    expect(ready.readNotifications({ headers: {}, body: item() }).verdict).toBe('accepted');
    expect(processor.readNotifications({ headers: {}, body: item('00') }).verdict).toBe('refused');
  });

  it('reads the secret again after a failed read, and says which secret lacks what', async () => {
    let answer: Record<string, unknown> = { ADYEN_API_KEY: 'k' };
    const processorOf = processorsFor(
      { live: 'adyen', adyen: { from: 'secret', secretId: 'arn:adyen' } },
      { readSecret: async () => answer },
    );
    await expect(readyProcessor(processorOf(live))).rejects.toThrow(
      'The live processor is Adyen, and the secret arn:adyen lacks ADYEN_MERCHANT_ACCOUNT, ADYEN_HMAC_KEY',
    );
    const { WATTLE_LIVE_PROCESSOR: __, ...inClear } = adyen;
    answer = { ...inClear, ADYEN_CHECKOUT_URL: 'http://checkout-test.adyen.com/v71' };
    await expect(readyProcessor(processorOf(live))).rejects.toThrow(
      'ADYEN_CHECKOUT_URL in the secret arn:adyen must be https',
    );
    const { WATTLE_LIVE_PROCESSOR: _, ...settings } = adyen;
    answer = settings;
    expect((await readyProcessor(processorOf(live))).name).toBe('adyen');
  });
});
