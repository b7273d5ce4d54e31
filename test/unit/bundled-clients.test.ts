import { afterEach, describe, expect, it } from 'vitest';
import { lazyKmsCardCipher, sqsDeliveryQueue } from '../../packages/runtime/src/bundled-clients.ts';

afterEach(() => {
  delete process.env.WATTLE_BUNDLE_KMS;
  delete process.env.WATTLE_BUNDLE_SQS;
});

describe('the KMS and SQS clients of a function', () => {
  it('say which access is missing when the function was bundled without them', async () => {
    process.env.WATTLE_BUNDLE_KMS = 'no';
    process.env.WATTLE_BUNDLE_SQS = 'no';
    await expect(lazyKmsCardCipher('alias/card').seal('4200000000000000', 'ctx')).rejects.toThrow(
      /bundled without the KMS client: give it cardKey/,
    );
    await expect(sqsDeliveryQueue('http://queue')).rejects.toThrow(
      /bundled without the SQS client: give it sendTo/,
    );
  });

  it('load the client on first use, not when the function starts', async () => {
    const cipher = lazyKmsCardCipher('alias/card');
    // Built without a call to KMS; sealing needs the key, which this test has not: it fails in KMS.
    await expect(cipher.seal('4200000000000000', 'ctx')).rejects.not.toThrow(/bundled without/);
  });
});
