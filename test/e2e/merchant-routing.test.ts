import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { wattleOutput } from '../helpers/cli.ts';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { api, type Merchant, newMerchant, request, useStack } from '../helpers/stack.ts';

/**
 * `npm run wattle -- merchants routing` against the running local stack (the operator's interface
 * to a merchant's processor routing, outside Pin's API): set from a file, checked against the
 * stack's own processor accounts, shown back, followed by the merchant's next live charge (its
 * attempt on the dashboard's charges page, not in Pin's JSON), and cleared.
 */
let merchant: Merchant;
const dir = mkdtempSync(join(tmpdir(), 'wattle-routing-'));

beforeAll(async () => {
  merchant = await newMerchant(useStack(), 'Routed merchant');
});

const wattle = (args: string[]) =>
  wattleOutput(args, { WATTLE_DATA_DIR: useStack().dataDir, WATTLE_TABLE_NAME: '' });

const routingFile = (name: string, routing: unknown): string => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(routing));
  return file;
};

describe('npm run wattle -- merchants routing', () => {
  it('sets, shows and clears a merchant routing; its live charges follow it, Pin JSON unchanged', async () => {
    // The stack declares no account of a connector: its live payments are the simulator's.
    const routing = { rules: [{ currency: 'aud', minAmount: 100, accounts: ['simulator'] }] };
    const written = { rules: [{ currency: ['AUD'], minAmount: 100, accounts: ['simulator'] }] };
    const set = JSON.parse(
      await wattle([
        'merchants',
        'routing',
        'set',
        merchant.accountId,
        '--file',
        routingFile('r.json', routing),
      ]),
    );
    expect(set).toEqual(written);
    expect(JSON.parse(await wattle(['merchants', 'routing', 'show', merchant.accountId]))).toEqual(written);

    const live = api(merchant.live.baseUrl, merchant.live.secretKey);
    const charged = await live.post('/1/charges', chargeFields({ card: cardFields() }));
    expect(charged.status).toBe(201);
    const test = await api(merchant.test.baseUrl, merchant.test.secretKey).post(
      '/1/charges',
      chargeFields({ card: cardFields() }),
    );
    // Pin's charge has the same fields whether routed or not: no account, no attempts.
    expect(Object.keys(charged.body.response).sort()).toEqual(Object.keys(test.body.response).sort());
    expect(JSON.stringify(charged.body)).not.toMatch(/attempt|simulator|processor/i);

    const page = await request(
      'GET',
      `http://localhost:${useStack().port}/?${new URLSearchParams({ account: merchant.accountId, env: 'live', view: 'charges' })}`,
      undefined,
      { headers: { accept: 'text/html' } },
    );
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<td class="attempts">simulator approved at \d{4}-\d\d-\d\dT[\d:.]+Z<\/td>/);

    await wattle(['merchants', 'routing', 'clear', merchant.accountId]);
    expect(JSON.parse(await wattle(['merchants', 'routing', 'show', merchant.accountId]))).toEqual({
      rules: [],
    });
  });

  it('refuses a routing naming an account the stack does not have, or a merchant that does not exist', async () => {
    const file = routingFile('bad.json', { rules: [{ accounts: ['adyen-nowhere'] }] });
    await expect(wattle(['merchants', 'routing', 'set', merchant.accountId, '--file', file])).rejects.toThrow(
      /adyen-nowhere, which is not an account of this deployment \(simulator\)/,
    );
    await expect(wattle(['merchants', 'routing', 'show', 'acct_nobody'])).rejects.toThrow(/404/);
    await expect(wattle(['merchants', 'routing', 'set', merchant.accountId])).rejects.toThrow(/--file/);
  });
});
