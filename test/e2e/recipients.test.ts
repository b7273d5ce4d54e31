import { beforeAll, describe, expect, it } from 'vitest';
import { eventsAbout } from '../helpers/events.ts';
import { type Api, api, newMerchant, useStack } from '../helpers/stack.ts';

let client: Api;

beforeAll(async () => {
  const merchant = await newMerchant();
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
});

const account = { name: 'Mr Roland Robot', bsb: '063000', number: '123456321' };

describe('recipients', () => {
  it('creates a recipient with a bank account object or an unused token (once)', async () => {
    const res = await client.post('/1/recipients', {
      email: 'roland@example.com',
      name: 'Roland',
      bank_account: account,
    });
    expect(res.status).toBe(201);
    expect(res.body.response).toEqual({
      token: expect.stringMatching(/^rp_[\w-]{22}$/),
      name: 'Roland',
      email: 'roland@example.com',
      kyc_status: 'absent',
      created_at: expect.any(String),
      bank_account: {
        token: expect.stringMatching(/^ba_/),
        name: 'Mr Roland Robot',
        bsb: '063000',
        number: 'XXXXXX321',
        bank_name: 'Commonwealth Bank of Australia',
        branch: '325 Collins St Melbourne',
      },
    });
    expect(res.text).not.toContain('123456321');

    const token = (await client.post('/1/bank_accounts', account)).body.response.token;
    const fromToken = await client.post('/1/recipients', {
      email: 'b@example.com',
      bank_account_token: token,
    });
    expect(fromToken.status).toBe(201);
    expect(fromToken.body.response.bank_account.token).toBe(token);
    const again = await client.post('/1/recipients', { email: 'c@example.com', bank_account_token: token });
    expect(again.status).toBe(422);
    expect(again.body.messages[0]).toMatchObject({
      param: 'bank_account_token',
      code: 'bank_account_token_invalid',
    });
  });

  it('needs an email and exactly one bank account source, validated as nested params', async () => {
    const res = await client.post('/1/recipients', { email: 'nope', bank_account: { ...account, bsb: '1' } });
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual([
      { param: 'email', code: 'email_invalid', message: 'Email is not formatted properly' },
      {
        param: 'bank_account[bsb]',
        code: 'bank_account_bsb_invalid',
        message: 'Bank account bsb must be six digits',
      },
    ]);
    expect((await client.post('/1/recipients', { email: 'a@example.com' })).body.messages[0].param).toBe(
      'bank_account',
    );
  });

  it("refuses a bank account whose BSB no financial institution has, as Pin: 'Bank account is invalid'", async () => {
    const refused = {
      param: 'bank_account',
      code: 'bank_account_invalid',
      message: 'Bank account is invalid',
    };
    const res = await client.post('/1/recipients', {
      email: 'e@example.com',
      bank_account: { ...account, bsb: '999-999' },
    });
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual([refused]);
    const created = await client.post('/1/recipients', {
      email: 'e@example.com',
      bank_account: { ...account, bsb: '083-000' },
    });
    expect(created.body.response.bank_account.bank_name).toBe('National Australia Bank Limited');
    const update = await client.put(`/1/recipients/${created.body.response.token}`, {
      bank_account: { ...account, bsb: '050000' },
    });
    expect(update.status).toBe(422);
    expect(update.body.messages).toEqual([refused]);
  });

  it('gets, lists and updates, recording recipient.created and recipient.updated', async () => {
    const created = (await client.post('/1/recipients', { email: 'd@example.com', bank_account: account }))
      .body.response;
    const updated = await client.put(`/1/recipients/${created.token}`, {
      name: 'New name',
      bank_account: { ...account, number: '987654' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.response).toMatchObject({
      name: 'New name',
      email: 'd@example.com',
      bank_account: { number: 'XXX654' },
    });
    expect((await client.get(`/1/recipients/${created.token}`)).body.response).toEqual(updated.body.response);
    const list = await client.get('/1/recipients');
    expect(list.body.response[0].token).toBe(created.token);
    expect(list.body.pagination).toMatchObject({ current: 1, per_page: 25 });
    expect((await eventsAbout(useStack(), created.token)).map((e) => e.type)).toEqual([
      'recipient.created',
      'recipient.updated',
    ]);
    expect((await client.get('/1/recipients/rp_unknown0000000000000000')).status).toBe(404);
    const other = await newMerchant();
    expect(
      (await api(other.test.baseUrl, other.test.secretKey).get(`/1/recipients/${created.token}`)).status,
    ).toBe(404);
  });

  it('deletes a recipient once: 204, then 404, out of the list, recipient.deleted recorded', async () => {
    const token = (await client.post('/1/recipients', { email: 'gone@example.com', bank_account: account }))
      .body.response.token;
    const before = (await client.get('/1/recipients')).body.pagination.count;
    const deleted = await client.del(`/1/recipients/${token}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await client.get(`/1/recipients/${token}`)).status).toBe(404);
    expect((await client.del(`/1/recipients/${token}`)).status).toBe(404);
    expect((await client.get(`/1/recipients/${token}/transfers`)).status).toBe(404);
    const listed = (await client.get('/1/recipients')).body;
    expect(listed.pagination.count).toBe(before - 1);
    expect(listed.response.map((r: { token: string }) => r.token)).not.toContain(token);
    const types = (await eventsAbout(useStack(), token)).map((e) => e.type);
    expect(types).toEqual(['recipient.created', 'recipient.deleted']);
  });
});
