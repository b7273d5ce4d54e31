import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { wattleOutput } from '../helpers/cli.ts';
import { merchantApplication } from '../helpers/fixtures.ts';
import { api, useStack } from '../helpers/stack.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

const stackEnv = () => ({ WATTLE_DATA_DIR: useStack().dataDir, WATTLE_TABLE_NAME: '' });

/**
 * The accounts command as `npm run wattle -- …` runs it, with the stack's data dir: in this
 * process (wattleOutput), or with `aws` settings (credentials and region, read by the AWS SDK
 * from the environment for --table) in a process of its own, as against a deployed stack.
 */
const wattle = async (args: string[], aws?: Record<string, string>) => {
  if (!aws) return wattleOutput(args, stackEnv());
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'packages/cli/src/main.ts'), ...args],
    { cwd: repoRoot, env: { ...process.env, ...stackEnv(), ...aws } },
  );
  return stdout;
};

describe('npm run wattle -- accounts create', () => {
  it('creates a merchant through the running local stack, whose keys then work', async () => {
    const made = JSON.parse(await wattle(['accounts', 'create', '--name', 'Shop', '--json']));
    expect(made).toMatchObject({ kind: 'merchant', accountId: expect.stringMatching(/^acct_/) });
    expect(made.test.secretKey).toMatch(/^sk_test_/);
    expect(made.live.publishableKey).toMatch(/^pk_live_/);
    const res = await api(made.test.baseUrl, made.test.secretKey).get('/1/customers');
    expect(res.status).toBe(200);
  });

  it('creates a partner and a merchant it referred', async () => {
    const partner = JSON.parse(
      await wattle(['accounts', 'create', '--name', 'Agency', '--partner', '--json']),
    );
    expect(partner.partnerKey).toMatch(/^pt_/);
    const merchant = JSON.parse(
      await wattle([
        'accounts',
        'create',
        '--name',
        'Referred',
        '--referred-by',
        partner.accountId,
        '--json',
      ]),
    );
    expect(merchant.kind).toBe('merchant');
    await expect(
      wattle(['accounts', 'create', '--name', 'X', '--referred-by', 'acct_nobody']),
    ).rejects.toThrow(/referred_by/);
  });

  it('writes straight into a table, as against a deployed stack', async () => {
    const stack = useStack();
    const out = await wattle(
      ['accounts', 'create', '--name', 'Direct', '--table', stack.tableName, '--endpoint', stack.ddbEndpoint],
      {
        AWS_REGION: 'ap-southeast-2',
        AWS_ACCESS_KEY_ID: stack.ddbAccessKeyId,
        AWS_SECRET_ACCESS_KEY: 'local',
      },
    );
    expect(out).toContain('The keys are shown once');
    const secretKey = /test secret key:\s+(\S+)/.exec(out)?.[1];
    expect(secretKey).toMatch(/^sk_test_/);
    expect((await api(stack.test.baseUrl, secretKey).get('/1/customers')).status).toBe(200);
  });

  it('approves a referred merchant, through the local stack or straight in the table', async () => {
    const stack = useStack();
    const partner = api(stack.test.baseUrl, stack.partnerKey);
    const refer = async () => {
      const created = await partner.post('/1/merchants', merchantApplication());
      expect(created.status).toBe(201);
      return created.body.response.token as string;
    };
    const viaStack = JSON.parse(await wattle(['merchants', 'activate', await refer(), '--json']));
    expect(viaStack.status).toBe('active');
    const direct = JSON.parse(
      await wattle(
        [
          'merchants',
          'activate',
          await refer(),
          '--json',
          '--table',
          stack.tableName,
          '--endpoint',
          stack.ddbEndpoint,
        ],
        {
          AWS_REGION: 'ap-southeast-2',
          AWS_ACCESS_KEY_ID: stack.ddbAccessKeyId,
          AWS_SECRET_ACCESS_KEY: 'local',
        },
      ),
    );
    expect(direct.status).toBe('active');
    await expect(wattle(['merchants', 'activate', 'mrch_nobody'])).rejects.toThrow(/404/);
  });

  it("sets a referred merchant's processor routing straight in a table, checked against the accounts given", async () => {
    const stack = useStack();
    const partner = api(stack.test.baseUrl, stack.partnerKey);
    const token = (await partner.post('/1/merchants', merchantApplication())).body.response.token as string;
    const file = join(mkdtempSync(join(tmpdir(), 'wattle-routing-')), 'routing.json');
    writeFileSync(file, JSON.stringify({ rules: [{ currency: 'USD', accounts: ['adyen-us', 'adyen-au'] }] }));
    const aws = {
      AWS_REGION: 'ap-southeast-2',
      AWS_ACCESS_KEY_ID: stack.ddbAccessKeyId,
      AWS_SECRET_ACCESS_KEY: 'local',
    };
    const table = ['--table', stack.tableName, '--endpoint', stack.ddbEndpoint];
    const written = { rules: [{ currency: ['USD'], accounts: ['adyen-us', 'adyen-au'] }] };
    const set = ['merchants', 'routing', 'set', token, '--file', file, ...table];
    expect(JSON.parse(await wattle([...set, '--accounts', 'adyen-au,adyen-us'], aws))).toEqual(written);
    expect(JSON.parse(await wattle(['merchants', 'routing', 'show', token, ...table], aws))).toEqual(written);
    await expect(wattle([...set, '--accounts', 'adyen-au'], aws)).rejects.toThrow(
      /adyen-us, which is not an account of this deployment \(adyen-au\)/,
    );
    // The local stack reads what the table holds (the same merchant, through its control endpoint).
    expect(JSON.parse(await wattle(['merchants', 'routing', 'show', token]))).toEqual(written);
  });

  it('holds and declines a referred merchant, with their events in the partner’s live events', async () => {
    const stack = useStack();
    const partner = api(stack.test.baseUrl, stack.partnerKey);
    const token = (await partner.post('/1/merchants', merchantApplication())).body.response.token as string;
    expect(JSON.parse(await wattle(['merchants', 'hold', token, '--json'])).status).toBe('on_hold');
    const declined = JSON.parse(
      await wattle(
        [
          'merchants',
          'decline',
          token,
          '--json',
          '--table',
          stack.tableName,
          '--endpoint',
          stack.ddbEndpoint,
        ],
        {
          AWS_REGION: 'ap-southeast-2',
          AWS_ACCESS_KEY_ID: stack.ddbAccessKeyId,
          AWS_SECRET_ACCESS_KEY: 'local',
        },
      ),
    );
    expect(declined.status).toBe('declined');
    expect((await partner.get(`/1/merchants/${token}`)).body.response.status).toBe('declined');
    const events = (await api(stack.live.baseUrl, stack.partnerKey).get('/1/events')).body.response.filter(
      (e: { data: { token: string } }) => e.data.token === token,
    );
    expect(events.map((e: { type: string }) => e.type)).toEqual([
      'sub_merchant_application.declined',
      'sub_merchant_application.on_hold',
      'sub_merchant_application.submitted',
    ]);
    // Declined is final: neither an approval nor another review.
    await expect(wattle(['merchants', 'activate', token])).rejects.toThrow(/invalid_state/);
    await expect(wattle(['merchants', 'hold', token, '--json'])).rejects.toThrow(/invalid_state/);
    await expect(wattle(['merchants', 'decline', 'mrch_nobody'])).rejects.toThrow(/404/);
  });

  it('makes a merchant paid out by deposits only with the bank account they go to', async () => {
    await expect(wattle(['accounts', 'create', '--name', 'Depositor', '--deposits'])).rejects.toThrow(
      /--deposits needs the bank account/,
    );
    const bank = [
      '--bank-account-name',
      'Shop',
      '--bank-account-bsb',
      '063000',
      '--bank-account-number',
      '12345678',
    ];
    const made = JSON.parse(
      await wattle(['accounts', 'create', '--name', 'Depositor', '--deposits', ...bank, '--json']),
    );
    const deposits = await api(useStack().test.baseUrl, made.test.secretKey).get('/1/deposits');
    expect(deposits.status).toBe(200);
    expect(deposits.body.count).toBe(0);
  });

  it('gives a merchant its own bank account, so transfers to self have somewhere to go', async () => {
    const stack = useStack();
    const bank = [
      '--bank-account-name',
      'Shop Pty Ltd',
      '--bank-account-bsb',
      '063-000',
      '--bank-account-number',
      '12345678',
    ];
    const payout = { description: 'Payout', amount: 100, currency: 'AUD', recipient: 'self' };
    const viaStack = JSON.parse(await wattle(['accounts', 'create', '--name', 'Banked', ...bank, '--json']));
    const direct = JSON.parse(
      await wattle(
        [
          'accounts',
          'create',
          '--name',
          'Banked',
          ...bank,
          '--json',
          '--table',
          stack.tableName,
          '--endpoint',
          stack.ddbEndpoint,
        ],
        {
          AWS_REGION: 'ap-southeast-2',
          AWS_ACCESS_KEY_ID: stack.ddbAccessKeyId,
          AWS_SECRET_ACCESS_KEY: 'local',
        },
      ),
    );
    for (const made of [viaStack, direct]) {
      // Past the payee check: only the (empty) balance refuses it.
      const res = await api(stack.test.baseUrl, made.test.secretKey).post('/1/transfers', payout);
      expect(res.status, res.text).toBe(402);
    }
    const without = JSON.parse(await wattle(['accounts', 'create', '--name', 'Unbanked', '--json']));
    const refused = await api(stack.test.baseUrl, without.test.secretKey).post('/1/transfers', payout);
    expect(refused.status).toBe(422);

    await expect(wattle(['accounts', 'create', '--name', 'X', ...bank.slice(0, 4)])).rejects.toThrow(
      /go together/,
    );
    await expect(
      wattle(['accounts', 'create', '--name', 'X', ...bank.slice(0, 3), '12', ...bank.slice(4)]),
    ).rejects.toThrow(/Bank account: Bsb must be six digits/);
  });

  it('explains its usage when called wrongly', async () => {
    await expect(wattle(['accounts', 'create'])).rejects.toThrow(/--name is required/);
  });
});
