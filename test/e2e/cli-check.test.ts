import { beforeAll, describe, expect, it } from 'vitest';
import { runWattle } from '../helpers/cli.ts';
import { type Api, api, type Merchant, newMerchant, useStack } from '../helpers/stack.ts';

/** `npm run wattle -- …` against the shared stack (in this process: runWattle): its output and exit code. */
const wattle = (...args: string[]) => runWattle(args, { WATTLE_DATA_DIR: useStack().dataDir });

let merchant: Merchant;
let client: Api;

beforeAll(async () => {
  merchant = await newMerchant();
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
});

describe('npm run wattle -- check', () => {
  it('passes every step against a working stack, and leaves only a test charge, its refund and a webhook record', async () => {
    // The webhook goes to a path the stack answers 404 from its not-found function: loaded first, as
    // on a stack in use, so its cold import (compiled from source, seconds on a busy machine) does
    // not eat the receiver's 10 s and turn the expected 404 into a timeout.
    expect((await client.post('/1/wattle-check-webhook', {})).status).toBe(404);
    const { code, stdout } = await wattle(
      'check',
      '--base-url',
      merchant.test.baseUrl,
      '--key',
      merchant.test.secretKey,
    );
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines.map((line) => line.slice(0, 34).trim())).toEqual([
      'ok     key and balance',
      'ok     card stored',
      'ok     webhook endpoint',
      'ok     charge captured',
      'ok     refund',
      'ok     webhook attempted',
      'ok     file stored and read back',
    ]);
    // What it says it made is there: the charge refunded, the webhook attempted at the stack's 404.
    const chargeToken = stdout.match(/ch_[\w-]+/)?.[0];
    const refunds = await client.get(`/1/charges/${chargeToken}/refunds`);
    expect(refunds.body.response).toHaveLength(1);
    expect(stdout).toMatch(/webhook attempted\s+whr_[\w-]+ retrying \(Unexpected http code 404\)/);
    // And what it cleaned up is gone: the endpoint (with its webhook records) and the file.
    expect((await client.get('/1/webhook_endpoints')).body.response).toEqual([]);
    const fileToken = stdout.match(/file_[\w-]+/)?.[0];
    expect((await client.get(`/1/files/${fileToken}`)).status).toBe(404);
  });

  it('stops at the first step that fails, says why, and exits 1', async () => {
    const { code, stdout, stderr } = await wattle(
      'check',
      '--base-url',
      merchant.test.baseUrl,
      '--key',
      'sk_test_not-a-key',
    );
    expect(code).toBe(1);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(stdout).toMatch(/^FAILED key and balance\s+401 unauthenticated/);
    expect(stderr).toContain(`The check of ${merchant.test.baseUrl} failed at the step above`);
  });

  it('runs in the test environment only', async () => {
    const { code, stderr } = await wattle(
      'check',
      '--base-url',
      merchant.live.baseUrl,
      '--key',
      merchant.live.secretKey,
    );
    expect(code).toBe(1);
    expect(stderr).toContain('check runs in the test environment');
  });
});
