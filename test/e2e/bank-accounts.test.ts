import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, type Merchant, newMerchant } from '../helpers/stack.ts';

let merchant: Merchant;
let client: Api;

beforeAll(async () => {
  merchant = await newMerchant();
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
});

const account = { name: 'Mr Roland Robot', bsb: '063-000', number: '123456321' };

describe('POST /bank_accounts', () => {
  it('stores the account and answers the masked token object with ip_address', async () => {
    const res = await client.post('/1/bank_accounts', account, { form: true });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      response: {
        token: expect.stringMatching(/^ba_[\w-]{22}$/),
        name: 'Mr Roland Robot',
        bsb: '063000',
        number: 'XXXXXX321',
        bank_name: 'Commonwealth Bank of Australia',
        branch: '325 Collins St Melbourne',
      },
      ip_address: expect.any(String),
    });
    expect(res.text).not.toContain('123456321');
  });

  it('takes the publishable key, and JSONP as Pin.js sends it', async () => {
    const anonymous = api(merchant.test.baseUrl, null);
    const form = await anonymous.post('/1/bank_accounts', {
      ...account,
      publishable_api_key: merchant.test.publishableKey,
    });
    expect(form.status).toBe(201);
    const query = new URLSearchParams({
      callback: 'cb',
      _method: 'POST',
      publishable_api_key: merchant.test.publishableKey,
      ...account,
    });
    const jsonp = await anonymous.get(`/1/bank_accounts.json?${query}`);
    expect(jsonp.text).toMatch(/^cb\(\{"response":\{"token":"ba_/);
    expect((await anonymous.post('/1/bank_accounts', account)).status).toBe(401);
  });

  it('lists every problem at once', async () => {
    const res = await client.post('/1/bank_accounts', { bsb: '12345', number: 'abc' });
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual([
      { param: 'name', code: 'name_invalid', message: "Name can't be blank" },
      { param: 'bsb', code: 'bsb_invalid', message: 'Bsb must be six digits' },
      { param: 'number', code: 'number_invalid', message: 'Number must be 4 to 10 digits' },
    ]);
    expect((await client.post('/1/bank_accounts', { ...account, bsb: '' })).body.messages[0].message).toBe(
      "Bsb can't be blank",
    );
  });

  it('refuses a BSB no financial institution has, and names the bank of one from the directory', async () => {
    const res = await client.post('/1/bank_accounts', { ...account, bsb: '020-000' });
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual([
      {
        param: 'bsb',
        code: 'bsb_invalid',
        message:
          'BSB 020000 is not in the Australian BSB directory (no financial institution has BSBs starting 02)',
      },
    ]);
    const suncorp = await client.post('/1/bank_accounts', { ...account, bsb: '484-799' });
    expect(suncorp.status).toBe(201);
    expect(suncorp.body.response).toMatchObject({
      bank_name: 'Norfina Limited',
      branch: 'Suncorp Bank Operations Services',
    });
    const westpac = await client.post('/1/bank_accounts', { ...account, bsb: '732000' });
    expect(westpac.body.response).toMatchObject({
      bank_name: 'Westpac Banking Corporation',
      branch: 'Sydney Office 341 George St',
    });
  });
});
