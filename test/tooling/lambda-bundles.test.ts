import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { type FunctionName, functionEntry, functionNames } from '@wattle/routes';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { functionAccess } from '../../infra/constructs/access.ts';
import { connectorModules, shipsConnector } from '../../infra/constructs/connector-package.ts';
import {
  completeFunctionBuild,
  copyFunctionAsset,
  functionBuildOptions,
  functionBundleDir,
} from '../../infra/constructs/function-bundles.ts';
import { cdkOptions } from '../bench/lambda-bundles.ts';
import { adyenNotifications } from '../fakes/adyen.ts';
import { hangNet } from '../helpers/hang-net.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'wattle-bundle-test-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

interface Bundle {
  outfile: string;
  holds(pkg: string): boolean;
  holdsFile(file: string): boolean;
  inputs: string[];
  /** The bytes each input left in the bundle. */
  bytes: Map<string, number>;
}

/**
 * Every function bundled as the stack bundles them (function-bundles.ts): in one esbuild run, each
 * entry point still a bundle of its own (no code splitting), tree-shaken on its own, the sources
 * they share read and parsed once. Adyen's connector is left out of all of them, and built beside
 * them once, to be copied into the assets of those that reach the processor (the others do not
 * import it: a test below shows it).
 */
const bundles: Promise<Map<FunctionName, Bundle>> = build({
  ...functionBuildOptions(repoRoot, outDir),
  metafile: true,
  logLevel: 'silent',
}).then((built) => {
  const byFunction = new Map<FunctionName, Bundle>();
  for (const fn of functionNames) {
    const outfile = join(functionBundleDir(outDir, fn), 'index.mjs');
    const output = Object.entries(built.metafile?.outputs ?? {}).find(
      ([path, o]) => o.entryPoint && join(repoRoot, path) === outfile,
    )?.[1];
    if (!output) throw new Error(`No bundle of ${fn} in esbuild's metafile`);
    const held = Object.entries(output.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path);
    byFunction.set(fn, {
      outfile,
      holds: (pkg) => held.some((path) => path.includes(`node_modules/${pkg}/`)),
      holdsFile: (file) => held.some((path) => path === file || path.endsWith(`/${file}`)),
      inputs: held,
      bytes: new Map(Object.entries(output.inputs).map(([path, input]) => [path, input.bytesInOutput])),
    });
  }
  return byFunction;
});
// A failed build fails the tests that read it, not the run before them.
bundles.catch(() => undefined);

/** A function's bundle (from the one run of every function's). */
const bundleOf = async (fn: FunctionName): Promise<Bundle> => (await bundles).get(fn)!;

describe('the Lambda bundles', () => {
  it(
    "call AWS through the SDK's clients: DynamoDB in each, KMS, SQS and S3 where the access uses them",
    async () => {
      for (const fn of functionNames) {
        const access = functionAccess[fn];
        const { holds, holdsFile, inputs } = await bundleOf(fn);
        const expected = {
          dynamodb: access.table.length > 0,
          kms: access.cardKey,
          sqs: (access.sendTo ?? []).length > 0,
          s3: Boolean(access.filesBucket),
        };
        const held = {
          dynamodb: holds('@aws-sdk/client-dynamodb') && holds('@aws-sdk/lib-dynamodb'),
          kms: holds('@aws-sdk/client-kms'),
          sqs: holds('@aws-sdk/client-sqs'),
          s3: holds('@aws-sdk/client-s3') && holds('@aws-sdk/s3-request-presigner'),
        };
        // Every client a function's access uses is in its bundle (KMS and SQS may ride along unused,
        // loaded only at a first use: runtime's aws-clients.ts); S3's only in the files function's.
        for (const service of ['dynamodb', 'kms', 'sqs'] as const)
          if (expected[service])
            expect({ fn, service, held: held[service] }).toEqual({ fn, service, held: true });
        expect({ fn, s3: held.s3 }).toEqual({ fn, s3: expected.s3 });
        // The live processor's secret is read (Powertools Parameters over the Secrets Manager client)
        // only by functions whose access grants it; the notifications function always reads it.
        const secrets =
          holds('@aws-sdk/client-secrets-manager') && holds('@aws-lambda-powertools/parameters');
        if (!access.processor || fn === 'processor-notifications')
          expect({ fn, secrets }).toEqual({ fn, secrets: fn === 'processor-notifications' });
        // A function whose access uses no AWS service (not-found) holds no AWS client at all.
        if (!Object.values(expected).some(Boolean))
          expect({ fn, sdk: inputs.filter((path) => path.includes('node_modules/@aws-sdk/')) }).toEqual({
            fn,
            sdk: [],
          });
        // No request is signed by code of ours: every SigV4 signature is the SDK's.
        expect(holdsFile('packages/aws-json/src/sigv4.ts')).toBe(false);
        const ours = inputs.filter((path) => !path.includes('node_modules/'));
        const signing = ours.filter((path) =>
          readFileSync(join(repoRoot, path), 'utf8').includes('AWS4-HMAC-SHA256'),
        );
        expect({ fn, signing }).toEqual({ fn, signing: [] });
      }
    },
    hangNet(180_000),
  );

  it(
    "keep no SDK client's whole list of exports: a client loaded on first use is imported through a file naming what it sends",
    async () => {
      // `import('@aws-sdk/client-kms')` makes the bundle keep the package's namespace object (every
      // command, model and paginator it exports, about 11 KB for KMS, 4 for Secrets Manager) and parse
      // it at every cold start; statically imported or loaded through a file re-exporting what is
      // used (runtime's sdk/, store's kms-commands.ts), the index leaves a few bytes.
      for (const fn of functionNames) {
        const { bytes } = await bundleOf(fn);
        const namespaces = [...bytes]
          .filter(
            ([path, kept]) =>
              /node_modules\/@aws-sdk\/client-[^/]+\/dist-es\/index\.js$/.test(path) && kept > 500,
          )
          .map(([path, kept]) => `${path}: ${kept} bytes`);
        expect({ fn, namespaces }).toEqual({ fn, namespaces: [] });
      }
      // The payment functions hold KMS and Secrets Manager: the check above looked at them.
      expect(
        [...(await bundleOf('charges')).bytes.keys()].filter((p) => p.endsWith('dist-es/index.js')).length,
      ).toBeGreaterThan(2);
    },
    hangNet(180_000),
  );

  it(
    "leave the connectors (Adyen's, PayPal's) out of the payment functions, which ship them beside the bundle and load them on first use",
    async () => {
      for (const fn of functionNames) {
        const { outfile, holds, holdsFile } = await bundleOf(fn);
        const imports = connectorModules.some((module) =>
          readFileSync(outfile, 'utf8').includes(`"${module}"`),
        );
        // Only the functions whose asset ships the connector import it; none holds Adyen's library.
        expect({ fn, imports }).toEqual({ fn, imports: shipsConnector(fn) });
        expect({
          fn,
          library: holds('@adyen/api-library'),
          connector: holdsFile('packages/adyen/src/adyen-processor.ts'),
          paypal: holdsFile('packages/paypal/src/paypal-processor.ts'),
        }).toEqual({ fn, library: false, connector: false, paypal: false });
      }
      // The charges function's asset as the stack puts it together: the bundle's own resolution finds
      // the connector beside it, and Adyen's library in it verifies a signed delivery.
      await bundles;
      completeFunctionBuild(repoRoot, outDir);
      const asset = join(outDir, 'charges-asset');
      copyFunctionAsset(outDir, 'charges', asset);
      // Its bundle and map, and each connector with its map and manifest: nothing of another function.
      const files = readdirSync(asset, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => relative(asset, join(entry.parentPath, entry.name)))
        .sort();
      expect(files).toEqual([
        'index.mjs',
        'index.mjs.map',
        'node_modules/@wattle/adyen/package.json',
        'node_modules/@wattle/adyen/processor.mjs',
        'node_modules/@wattle/adyen/processor.mjs.map',
        'node_modules/@wattle/paypal/package.json',
        'node_modules/@wattle/paypal/processor.mjs',
        'node_modules/@wattle/paypal/processor.mjs.map',
      ]);
      const hmacKey = 'A1'.repeat(32);
      const adyen = adyenNotifications({ hmacKey, merchantAccount: 'WattleAU' });
      const signed = adyen.notificationItem({
        eventCode: 'AUTHORISATION',
        merchantReference: 'ch_bundled',
        pspReference: 'PSP1',
        amount: { value: 400, currency: 'AUD' },
      });
      const tampered = {
        NotificationRequestItem: { ...signed.NotificationRequestItem, merchantReference: 'ch_other' },
      };
      const script = `
      const { adyenProcessor } = await import('@wattle/adyen/processor');
      const processor = adyenProcessor({ checkoutUrl: 'http://127.0.0.1:9/v71', apiKey: 'k', merchantAccount: 'WattleAU', hmacKey: '${hmacKey}' });
      const read = (body) => processor.readNotifications({ headers: {}, body });
      const accepted = read(${JSON.stringify(adyen.deliveryBody([signed]))});
      const refused = read(${JSON.stringify(adyen.deliveryBody([tampered]))});
      const { paypalProcessor } = await import('@wattle/paypal/processor');
      const paypal = paypalProcessor({ apiUrl: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's', webhookId: 'W1' });
      process.stdout.write(JSON.stringify({ name: processor.name, accepted: accepted.notifications?.map((n) => n.reference), refused: refused.verdict, paypal: paypal.name }));`;
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
        cwd: asset,
        env: { PATH: process.env.PATH },
      });
      expect(JSON.parse(stdout)).toEqual({
        name: 'adyen',
        accepted: ['ch_bundled'],
        refused: 'refused',
        paypal: 'paypal',
      });
    },
    hangNet(60_000),
  );

  it(
    'are each the bundle the function would have if built alone, byte for byte (the one run splits nothing out)',
    async () => {
      const charges = await bundleOf('charges');
      // Alone, at the same depth under the output folder, so the source map names the same paths.
      const alone = join(outDir, 'alone', 'index.mjs');
      await build({
        ...functionBuildOptions(repoRoot, outDir),
        entryPoints: [join(repoRoot, functionEntry('charges'))],
        outdir: undefined,
        outExtension: undefined,
        outfile: alone,
      });
      for (const file of ['', '.map'])
        expect({
          file,
          same: readFileSync(`${alone}${file}`).equals(readFileSync(`${charges.outfile}${file}`)),
        }).toEqual({
          file,
          same: true,
        });
    },
    hangNet(60_000),
  );

  it(
    'start as Lambda starts them, with the credentials of the environment',
    async () => {
      const { outfile } = await bundleOf('not-found');
      // The bundled not-found function answers any request with Pin's 404 (and logs the line).
      const script = `
      const { handler } = await import(${JSON.stringify(pathToFileURL(outfile).href)});
      const answer = await handler({ version: '2.0', routeKey: '$default', rawPath: '/test/1/nothing', rawQueryString: '',
        headers: {}, requestContext: { http: { method: 'GET', path: '/test/1/nothing', sourceIp: '203.0.113.1' }, stage: '$default', requestId: 'r1' },
        isBase64Encoded: false }, { getRemainingTimeInMillis: () => 29000, functionName: 'not-found', awsRequestId: 'r1' });
      process.stdout.write(JSON.stringify({ status: answer.statusCode }));`;
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
        env: {
          PATH: process.env.PATH,
          WATTLE_TABLE_NAME: 'wattle',
          WATTLE_LOG_LEVEL: 'SILENT',
          AWS_REGION: 'ap-southeast-2',
          AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
          AWS_SECRET_ACCESS_KEY: 'secret',
        },
      });
      expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({ status: 404 });
    },
    hangNet(60_000),
  );

  it(
    'read the source map only when an error is logged, and show the sources’ positions',
    async () => {
      const dir = join(outDir, 'stack');
      // A minified bundle whose code throws, and the stack mapper bundled as the functions have it.
      await build({
        stdin: {
          contents: "export const fail = () => {\n  const reason = 'boom';\n  throw new Error(reason);\n};\n",
          sourcefile: 'packages/example/src/fail.ts',
          resolveDir: repoRoot,
          loader: 'ts',
        },
        bundle: true,
        minify: true,
        sourcemap: true,
        format: 'esm',
        platform: 'node',
        outfile: join(dir, 'fail.mjs'),
        logLevel: 'silent',
      });
      await build({
        entryPoints: [join(repoRoot, 'packages/runtime/src/readable-stack.ts')],
        bundle: true,
        format: 'esm',
        platform: 'node',
        outfile: join(dir, 'readable-stack.mjs'),
        logLevel: 'silent',
      });
      const script = `
      const { fail } = await import(${JSON.stringify(pathToFileURL(join(dir, 'fail.mjs')).href)});
      const { readableStack } = await import(${JSON.stringify(pathToFileURL(join(dir, 'readable-stack.mjs')).href)});
      try { fail(); } catch (error) {
        process.stdout.write(JSON.stringify({ raw: error.stack, readable: readableStack(error.stack) }));
      }`;
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
        env: { PATH: process.env.PATH },
      });
      const { raw, readable } = JSON.parse(stdout);
      expect(raw).toMatch(/fail\.mjs:1:\d+/);
      expect(readable).toMatch(/packages\/example\/src\/fail\.ts:3:\d+/);
      expect(readable).not.toMatch(/fail\.mjs:1:/);
    },
    hangNet(60_000),
  );

  it(
    'hold only the request parsing their routes use',
    async () => {
      // Our packages declare no side effects, so esbuild leaves out a module no route of the function uses.
      const notFound = await bundleOf('not-found');
      const charges = await bundleOf('charges');
      const inputs = ['packages/wire/src/dispute-input.ts', 'packages/wire/src/three-d-secure-input.ts'];
      expect(inputs.map(notFound.holdsFile)).toEqual([false, false]);
      expect(inputs.map(charges.holdsFile)).toEqual([false, true]);
      expect(notFound.holdsFile('packages/domain/src/bsb-directory.ts')).toBe(false);
    },
    hangNet(60_000),
  );

  it(
    "hold their own routes, not every function's route table",
    async () => {
      const charges = await bundleOf('charges');
      const text = readFileSync(charges.outfile, 'utf8');
      expect(text).toContain('/1/charges/{charge_token}/capture');
      expect(text).not.toContain('/1/customers/{customer_token}');
      expect(text).not.toContain('/1/plans/{plan_token}');
    },
    hangNet(60_000),
  );

  it(
    'hold the multipart parser only in the function that takes uploads',
    async () => {
      const parser = [
        'packages/http/src/parse-multipart.ts',
        'packages/http/src/middlewares/read-upload-body.ts',
      ];
      for (const fn of ['charges', 'cards', 'not-found'] as const) {
        expect({ fn, held: parser.map((await bundleOf(fn)).holdsFile) }).toEqual({
          fn,
          held: [false, false],
        });
      }
      expect(parser.map((await bundleOf('files')).holdsFile)).toEqual([true, true]);
    },
    hangNet(60_000),
  );

  it(
    'hold only the repositories their routes use',
    async () => {
      // Each function composes its own parts (functions/<fn>/src/deps.ts): a repository another
      // function's routes use stays out of its bundle, with the store code only it needs. Built
      // unminified to read the classes' names; minifying changes no module or declaration kept.
      const repositoriesIn = async (fns: FunctionName[]): Promise<Record<string, string[]>> => {
        // One esbuild run of the functions, each entry point still a bundle of its own.
        const built = await build({
          ...cdkOptions,
          minify: false,
          sourcemap: false,
          metafile: false,
          write: false,
          absWorkingDir: repoRoot,
          entryPoints: fns.map((fn) => ({ in: join(repoRoot, functionEntry(fn)), out: fn })),
          outdir: join(outDir, 'classes'),
        });
        return Object.fromEntries(
          fns.map((fn) => {
            const path = join(outDir, 'classes', `${fn}.js`);
            const text = built.outputFiles?.find((file) => file.path === path)?.text;
            if (text === undefined) throw new Error(`No unminified bundle of ${fn}`);
            return [
              fn,
              [
                ...new Set([...text.matchAll(/\b(?:class|var) (\w+Repo)\b/g)].map((m) => m[1] as string)),
              ].sort(),
            ];
          }),
        );
      };
      const api = ['AccountsRepo', 'IdempotencyRepo'];
      // A payment's writes use up card tokens and payment sources: PaymentsRepo builds those two itself.
      const payments = ['CardTokensRepo', 'PaymentSourcesRepo', 'PaymentsRepo'];
      const expected: [FunctionName, string[]][] = [
        ['not-found', []],
        ['events', [...api, 'EventsRepo']],
        ['files', [...api, 'FilesRepo']],
        ['charges', [...api, ...payments, 'CustomersRepo']],
        ['webhook-delivery', ['EventsRepo', 'WebhookEndpointsRepo', 'WebhooksRepo']],
        ['expired-items', ['ExpiredItemsRepo']],
      ];
      const held = await repositoriesIn(expected.map(([fn]) => fn));
      expect(held).toEqual(Object.fromEntries(expected.map(([fn, repos]) => [fn, [...repos].sort()])));
      // What the brief of the change named: charges hold no plans, subscriptions or disputes repository.
      const charges = held.charges ?? [];
      for (const repo of ['PlansRepo', 'SubscriptionsRepo', 'DisputesRepo'])
        expect(charges).not.toContain(repo);
    },
    hangNet(60_000),
  );
});
