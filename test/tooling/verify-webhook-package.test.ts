import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeFields } from '../helpers/fixtures.ts';
import { type ReceivedRequest, type Receiver, startReceiver } from '../helpers/receiver.ts';
import { api, newMerchant } from '../helpers/stack.ts';

const root = join(import.meta.dirname, '../..');
const has = (command: string): boolean => {
  try {
    execFileSync('which', [command], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** The webhooks cookbook's snippet in `language`, the code block that follows `intro`. */
const docsSnippet = (intro: string, language: string): string => {
  const page = 'docs/api/cookbook/webhooks.md';
  const readme = readFileSync(join(root, page), 'utf8');
  const from = readme.indexOf(intro);
  const match = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(readme.slice(from));
  if (from < 0 || !match?.[1]) throw new Error(`No ${language} snippet after "${intro}" in ${page}`);
  return match[1];
};

let receiver: Receiver;
let webhook: ReceivedRequest;
let key: string;
const work = mkdtempSync(join(tmpdir(), 'wattle-verify-'));

beforeAll(async () => {
  receiver = await startReceiver(200);
  const merchant = await newMerchant();
  const client = api(merchant.test.baseUrl, merchant.test.secretKey);
  const endpoint = await client.post('/1/webhook_endpoints', { url: receiver.url('/verify') });
  key = endpoint.body.response.key;
  expect((await client.post('/1/charges', chargeFields())).status).toBe(201);
  [webhook] = (await receiver.waitFor(1)) as [ReceivedRequest];
});

afterAll(async () => {
  await receiver?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Whether `check` (given HEADER, BODY and KEY in its environment) says the webhook is genuine. */
const verdict = (command: string, args: string[], header: string, body: string, signingKey = key) =>
  execFileSync(command, args, {
    cwd: work,
    env: { ...process.env, HEADER: header, BODY: body, KEY: signingKey },
    encoding: 'utf8',
  }).trim();

describe('@wattle/verify-webhook, built and packed', () => {
  it('builds to JS with types, packs, and verifies a real webhook from outside the repository', () => {
    execFileSync('npm', ['run', 'build', '-w', '@wattle/verify-webhook'], { cwd: root, stdio: 'pipe' });
    const dist = join(root, 'packages/verify/dist');
    for (const file of ['index.js', 'index.d.ts', 'package.json', 'README.md'])
      expect(existsSync(join(dist, file)), file).toBe(true);
    expect(readFileSync(join(dist, 'index.d.ts'), 'utf8')).toContain('verifyPinSignature');

    execFileSync('npm', ['pack', dist, '--pack-destination', work], { cwd: root, stdio: 'pipe' });
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'))!;
    expect(tarball).toBe('wattle-verify-webhook-0.1.0.tgz');
    const installed = join(work, 'node_modules/@wattle/verify-webhook');
    mkdirSync(installed, { recursive: true });
    execFileSync('tar', ['-xzf', join(work, tarball), '-C', installed, '--strip-components=1']);
    expect(readdirSync(installed).sort()).toEqual(['README.md', 'index.d.ts', 'index.js', 'package.json']);

    // A merchant's app: plain Node, the package from its node_modules, nothing of this repository.
    writeFileSync(
      join(work, 'check.mjs'),
      `import { verifyPinSignature } from '@wattle/verify-webhook';
console.log(verifyPinSignature(process.env.HEADER, process.env.BODY, process.env.KEY));\n`,
    );
    const header = webhook.headers['pin-signature'] as string;
    expect(verdict(process.execPath, ['check.mjs'], header, webhook.body)).toBe('true');
    expect(verdict(process.execPath, ['check.mjs'], header, webhook.body.replace('"', ' "'))).toBe('false');
    expect(verdict(process.execPath, ['check.mjs'], header, webhook.body, `${key}x`)).toBe('false');
  });
});

describe("the webhooks cookbook's snippets compute the service's signature", () => {
  // Python only: this machine has no Ruby or PHP to run those snippets with.
  it.skipIf(!has('python3'))('Python', () => {
    writeFileSync(
      join(work, 'check.py'),
      `${docsSnippet('Python (', 'python')}
import os
print("true" if verify_pin_signature(os.environ["HEADER"], os.environ["BODY"].encode(), os.environ["KEY"]) else "false")\n`,
    );
    const header = webhook.headers['pin-signature'] as string;
    expect(verdict('python3', ['check.py'], header, webhook.body)).toBe('true');
    expect(verdict('python3', ['check.py'], header, webhook.body.replace('"', ' "'))).toBe('false');
    expect(verdict('python3', ['check.py'], header, webhook.body, `${key}x`)).toBe('false');
  });
});
