import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PaymentProcessor } from '@wattle/domain';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { cdkOptions } from '../bench/lambda-bundles.ts';
import { aProcessorAuthorisation } from '../helpers/builders.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'wattle-adyen-bundle-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/**
 * The Adyen connector as a Lambda function would bundle it (the stack's esbuild settings): only the
 * parts of Adyen's library it uses (decision 183), and working once bundled, where the library's
 * CommonJS default exports are met as the bundler hands them over.
 */
describe('the Adyen connector, bundled', () => {
  it("holds only the library's client, Checkout services and HMAC validator, and works", async () => {
    const outfile = join(outDir, 'adyen.mjs');
    const built = await build({
      ...cdkOptions,
      absWorkingDir: repoRoot,
      entryPoints: [join(repoRoot, 'packages/adyen/src/index.ts')],
      outfile,
    });
    const held = Object.entries(
      Object.values(built.metafile?.outputs ?? {}).find((o) => o.entryPoint)?.inputs ?? {},
    )
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path.replace(/^.*node_modules\/@adyen\/api-library\//, ''));
    expect(held).toContain('lib/src/services/checkout/paymentsApi.js');
    expect(held).toContain('lib/src/utils/hmacValidator.js');
    expect(held).not.toContain('lib/src/index.js');
    expect(
      held.filter((path) =>
        /^lib\/src\/services\/(management|balancePlatform|legalEntityManagement)\//.test(path),
      ),
    ).toEqual([]);

    const bundled = (await import(pathToFileURL(outfile).href)) as {
      adyenProcessor(config: object): PaymentProcessor;
    };
    // A port no one listens on any more: the request provably never leaves.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const processor = bundled.adyenProcessor({
      checkoutUrl: `http://127.0.0.1:${port}/v71`,
      apiKey: 'key',
      merchantAccount: 'WattleTest',
      hmacKey: '00',
    });
    expect(
      processor.readNotifications({ headers: {}, body: '{"live":"false","notificationItems":[]}' }),
    ).toMatchObject({
      verdict: 'accepted',
    });
    expect(await processor.authorise(aProcessorAuthorisation())).toMatchObject({
      outcome: 'not_processed',
      raw: { code: 'not_sent' },
    });
  });
});
