import { refundFailsCard } from '@wattle/processor';
import { describe, expect, it } from 'vitest';
import { eventsAbout } from '../helpers/events.ts';
import { cardFields, chargeFields, merchantApplication } from '../helpers/fixtures.ts';
import { type Api, advanceClock, api, newMerchant, request, useClockStack } from '../helpers/stack.ts';

// Moves the clock (proceeds settle after five days): it runs on the clock stack (useClockStack).
const stack = useClockStack();
const day = 86400;

const merchant = async (): Promise<Api> => {
  const own = await newMerchant(stack);
  return api(own.test.baseUrl, own.test.secretKey);
};

const recipientOf = async (client: Api): Promise<string> =>
  (
    await client.post('/1/recipients', {
      email: 'payee@example.com',
      name: 'Payee',
      bank_account: { name: 'Payee', bsb: '063000', number: '987654321' },
    })
  ).body.response.token;

/** Charges of 1000 AUD, each 952 to the merchant (30 + 1.75% in fees). */
const charges = async (client: Api, count: number): Promise<string[]> => {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++)
    tokens.push(
      (await client.post('/1/charges', chargeFields({ amount: 1000, description: `Order ${i}` }))).body
        .response.token,
    );
  return tokens;
};

/** POST /transfers in Australian dollars, the only currency transfers take. */
const payOut = (client: Api, recipient: string, amount: number, description = 'Payout') =>
  client.post('/1/transfers', { description, amount, currency: 'AUD', recipient });

const balance = async (client: Api) => (await client.get('/1/balance')).body.response;

describe('POST /transfers', () => {
  it('answers 422 with a message per bad field', async () => {
    const client = await merchant();
    const bad = await client.post('/1/transfers', { amount: -1, currency: 'NZD', recipient: '' });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toBe('invalid_resource');
    expect(bad.body.messages).toEqual([
      { param: 'description', code: 'description_invalid', message: "Description can't be blank" },
      { param: 'amount', code: 'amount_invalid', message: 'Amount must be at least 0' },
      { param: 'currency', code: 'currency_invalid', message: 'Currency must be AUD' },
      { param: 'recipient', code: 'recipient_invalid', message: "Recipient can't be blank" },
    ]);
    const unknown = await payOut(client, 'rp_unknown', 100);
    expect(unknown.status).toBe(422);
    expect(unknown.body.messages[0]).toMatchObject({ param: 'recipient', code: 'recipient_invalid' });
    const self = await payOut(client, 'self', 1);
    expect(self.status).toBe(422);
    expect(self.body.messages[0].message).toBe('Recipient cannot be self: this account has no bank account');
  });

  it('pays out only the available balance: 402 insufficient_pin_balance past it', async () => {
    const client = await merchant();
    const recipient = await recipientOf(client);
    const [paid] = await charges(client, 1);
    const early = await payOut(client, recipient, 100);
    expect(early.status).toBe(402);
    expect(early.body).toEqual({
      error: 'insufficient_pin_balance',
      error_description: 'There are not enough funds available to process this transfer',
    });
    await advanceClock(stack, 5 * day);
    // 952 available; a third-party transfer costs 30 more.
    expect((await payOut(client, recipient, 923)).status).toBe(402);
    expect((await payOut(client, recipient, 922)).status).toBe(201);
    expect(await balance(client)).toEqual({
      available: [{ amount: 0, currency: 'AUD' }],
      pending: [{ amount: 0, currency: 'AUD' }],
    });

    // Paid out, the charge cannot be refunded until new proceeds (settled or not) cover it.
    const refund = await client.post(`/1/charges/${paid}/refunds`, { amount: 100 });
    expect(refund.status).toBe(402);
    expect(refund.body).toEqual({
      error: 'insufficient_pin_balance',
      error_description: 'Refund amount is more than your available Pin Payments balance.',
    });
    expect((await client.get(`/1/charges/${paid}`)).body.response.amount_refunded).toBe(0);
    await charges(client, 1);
    expect((await client.post(`/1/charges/${paid}/refunds`, { amount: 100 })).status).toBe(201);
  });

  it('pays out at once the proceeds of the instant-proceeds test card, captured later too', async () => {
    const client = await merchant();
    const recipient = await recipientOf(client);
    const card = cardFields({ number: '4000000000000077' });
    const charged = await client.post('/1/charges', chargeFields({ amount: 1000, card }));
    expect(charged.status).toBe(201);
    const held = await client.post('/1/charges', chargeFields({ amount: 1000, card, capture: false }));
    expect((await client.put(`/1/charges/${held.body.response.token}/capture`)).status).toBe(201);
    // Two charges of 952 each to the merchant, available without moving the clock.
    expect(await balance(client)).toEqual({
      available: [{ amount: 1904, currency: 'AUD' }],
      pending: [{ amount: 1904, currency: 'AUD' }],
    });
    expect((await payOut(client, recipient, 1874)).status).toBe(201);
    // Any other card's proceeds still settle after five days.
    await charges(client, 1);
    expect((await payOut(client, recipient, 1)).status).toBe(402);
  });

  it('lets exactly as many racing transfers through as the balance covers', async () => {
    const client = await merchant();
    const recipient = await recipientOf(client);
    await charges(client, 2); // 1904
    await advanceClock(stack, 5 * day);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => payOut(client, recipient, 570, 'Race')),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 402, 402, 402, 402, 402]); // 3 × 600 = 1800 ≤ 1904
    expect((await balance(client)).available).toEqual([{ amount: 104, currency: 'AUD' }]);
    expect((await client.get('/1/transfers')).body.pagination.count).toBe(3);
  });

  it('never lets racing refunds and transfers spend more than the balance', async () => {
    const client = await merchant();
    const recipient = await recipientOf(client);
    const [a, b] = await charges(client, 2);
    await advanceClock(stack, 5 * day);
    const [c, d] = await charges(client, 2); // 1904 available, 1904 pending: 3808 in all
    const refunds = [a, a, b, b, c, c, d, d].map((token) =>
      client.post(`/1/charges/${token}/refunds`, { amount: 500 }),
    );
    const transfers = Array.from({ length: 2 }, () => payOut(client, recipient, 570, 'Race'));
    const results = await Promise.all([...refunds, ...transfers]);
    // A refund takes its amount, a transfer its amount and fee (total_credits, 600).
    const taken = results.map((r) =>
      r.status === 201 ? (r.body.response.total_credits ?? r.body.response.amount) : 0,
    );
    expect(results.map((r) => r.status).filter((status) => status !== 201 && status !== 402)).toEqual([]);
    const spent = taken.reduce((sum, amount) => sum + amount, 0);
    // Eight refunds of 500 and two transfers of 600 cannot all fit in 3808.
    expect(spent).toBeLessThanOrEqual(3808);
    expect(results.some((r) => r.status === 402)).toBe(true);
    // Pending is the whole balance, available included (docs/api/cookbook/transfers.md).
    expect((await balance(client)).pending).toEqual([{ amount: 3808 - spent, currency: 'AUD' }]);
  });
});

describe('balance arithmetic over time', () => {
  it('counts fees, refunds and transfers, and settles proceeds after five days', async () => {
    const client = await merchant();
    const recipient = await recipientOf(client);
    const [first, second] = await charges(client, 2); // 2 × 952
    await advanceClock(stack, 2 * day);
    const [third] = await charges(client, 1); // settles three days after the first two
    await client.post(`/1/charges/${first}/refunds`, { amount: 200 });
    expect(await balance(client)).toEqual({
      available: [{ amount: -200, currency: 'AUD' }],
      pending: [{ amount: 3 * 952 - 200, currency: 'AUD' }],
    });
    await advanceClock(stack, 3 * day);
    expect(await balance(client)).toEqual({
      available: [{ amount: 2 * 952 - 200, currency: 'AUD' }],
      pending: [{ amount: 3 * 952 - 200, currency: 'AUD' }],
    });
    const transfer = await payOut(client, recipient, 1000, 'Weekly payout');
    expect(transfer.status).toBe(201);
    expect(await balance(client)).toEqual({
      available: [{ amount: 2 * 952 - 200 - 1030, currency: 'AUD' }],
      pending: [{ amount: 3 * 952 - 200 - 1030, currency: 'AUD' }],
    });
    await advanceClock(stack, 2 * day);
    expect((await balance(client)).available).toEqual([{ amount: 3 * 952 - 200 - 1030, currency: 'AUD' }]);

    // The refund's 200 came off the first charge's proceeds; the transfer's 1030 took the rest
    // of the first (752) and 278 of the second. The third was never paid out.
    const items = (await client.get(`/1/transfers/${transfer.body.response.token}/line_items`)).body;
    expect(
      items.response.map((i: { token: string; amount: number; type: string }) => [i.type, i.token, i.amount]),
    ).toEqual([
      ['charge', first, 752],
      ['charge', second, 278],
      ['transfer_fee', transfer.body.response.token, -30],
    ]);
    expect(items.pagination).toMatchObject({ count: 3, pages: 1 });
    const link = {
      state: 'succeeded',
      paid_at: transfer.body.response.paid_at,
      token: transfer.body.response.token,
    };
    expect((await client.get(`/1/charges/${first}`)).body.response.transfer).toEqual([link]);
    expect((await client.get(`/1/charges/${second}`)).body.response.transfer).toEqual([link]);
    expect((await client.get(`/1/charges/${third}`)).body.response.transfer).toEqual([]);

    // A second transfer goes on where the first stopped: the second charge appears in both.
    const next = await payOut(client, recipient, 900, 'Rest');
    expect(next.status).toBe(201);
    const nextItems = (await client.get(`/1/transfers/${next.body.response.token}/line_items`)).body.response;
    expect(nextItems.map((i: { token: string; amount: number }) => [i.token, i.amount])).toEqual([
      [second, 952 - 278],
      [third, 930 - (952 - 278)],
      [next.body.response.token, -30],
    ]);
    expect(
      (await client.get(`/1/charges/${second}`)).body.response.transfer.map(
        (t: { token: string }) => t.token,
      ),
    ).toEqual([transfer.body.response.token, next.body.response.token]);
  });

  it('pays out a failed refund’s amount first, as its charge’s, and never a charge still settling', async () => {
    const client = await merchant();
    const recipient = await recipientOf(client);
    const failing = (
      await client.post(
        '/1/charges',
        chargeFields({ amount: 1000, card: cardFields({ number: refundFailsCard }) }),
      )
    ).body.response.token as string;
    const [other] = await charges(client, 1); // 2 × 952, settling in five days
    await advanceClock(stack, day);
    const [fresh] = await charges(client, 1); // settles a day after them
    expect((await client.post(`/1/charges/${failing}/refunds`, { amount: 500 })).status).toBe(201);
    await advanceClock(stack, 2 * 3600); // the refund fails after an hour: the 500 comes back
    const refunds = (await client.get(`/1/charges/${failing}/refunds`)).body.response;
    expect(refunds.map((r: { status_message: string }) => r.status_message)).toEqual(['Failed']);
    await advanceClock(stack, 4 * day - 2 * 3600); // the first two have settled, the fresh one not
    expect(await balance(client)).toEqual({
      available: [{ amount: 1904, currency: 'AUD' }],
      pending: [{ amount: 1904 + 952, currency: 'AUD' }],
    });

    const transfer = await payOut(client, recipient, 1904 - 30, 'All that is available');
    expect(transfer.status).toBe(201);
    const token = transfer.body.response.token;
    const items = (await client.get(`/1/transfers/${token}/line_items`)).body.response;
    // The refund counted against the oldest proceeds (500 of the first charge); its failure gave
    // them back, and the next transfer pays out what was given back first.
    expect(items.map((i: { token: string; amount: number }) => [i.token, i.amount])).toEqual([
      [failing, 500],
      [failing, 952 - 500],
      [other, 952],
      [token, -30],
    ]);
    // The charges' slices less the fee: exactly the amount paid out.
    expect(items.reduce((sum: number, i: { amount: number }) => sum + i.amount, 0)).toBe(
      transfer.body.response.amount,
    );
    expect((await client.get(`/1/charges/${failing}`)).body.response.transfer).toHaveLength(1);
    expect((await client.get(`/1/charges/${fresh}`)).body.response.transfer).toEqual([]);
  });
});

describe('reading transfers', () => {
  it('shows a transfer, lists and searches them, and lists a recipient’s', async () => {
    const client = await merchant();
    const recipient = await recipientOf(client);
    const other = await recipientOf(client);
    await charges(client, 3);
    await advanceClock(stack, 5 * day);
    const made = [];
    for (const [description, amount, to] of [
      ['Rent', 500, recipient],
      ['Supplier invoice', 700, other],
      ['Rent again', 300, recipient],
    ] as const) {
      made.push(
        (await client.post('/1/transfers', { description, amount, currency: 'aud', recipient: to })).body
          .response,
      );
    }
    expect(made[0]).toEqual({
      token: expect.stringMatching(/^tfer_[\w-]{22}$/),
      status: 'succeeded',
      currency: 'AUD',
      description: 'Rent',
      amount: 500,
      total_debits: 30,
      total_credits: 530,
      created_at: expect.any(String),
      paid_at: made[0].created_at,
      reference: expect.any(String),
      line_items_count: 2,
      bank_account: {
        token: expect.stringMatching(/^ba_/),
        name: 'Payee',
        bsb: '063000',
        number: 'XXXXXX321',
        bank_name: 'Commonwealth Bank of Australia',
        branch: '325 Collins St Melbourne',
      },
      recipient,
    });
    expect((await client.get(`/1/transfers/${made[1].token}`)).body.response).toEqual(made[1]);
    expect((await client.get('/1/transfers/tfer_unknown')).status).toBe(404);

    const listed = (await client.get('/1/transfers')).body;
    expect(listed.response.map((t: { token: string }) => t.token)).toEqual([
      made[2].token,
      made[1].token,
      made[0].token,
    ]);
    expect(listed.pagination).toMatchObject({ current: 1, count: 3, pages: 1, per_page: 25 });

    const rent = (await client.get('/1/transfers/search?query=rent&sort=amount&direction=1')).body;
    expect(rent.response.map((t: { amount: number }) => t.amount)).toEqual([300, 500]);
    expect((await client.get('/1/transfers/search?query=700')).body.response[0].token).toBe(made[1].token);
    expect((await client.get('/1/transfers/search?start_date=2001-13-01')).status).toBe(422);

    const theirs = (await client.get(`/1/recipients/${recipient}/transfers`)).body;
    expect(theirs.response.map((t: { token: string }) => t.token)).toEqual([made[2].token, made[0].token]);
    expect(theirs.pagination).toMatchObject({ count: 2 });
    expect((await client.get('/1/recipients/rp_unknown/transfers')).status).toBe(404);

    const events = await eventsAbout(stack, made[0].token);
    expect(events.map((e: { type: string }) => e.type)).toEqual(['transfer.created']);
  });

  it('searches by the recipient’s e-mail and name as well, as Pin does', async () => {
    const client = await merchant();
    const payee = async (name: string, email: string): Promise<string> =>
      (
        await client.post('/1/recipients', {
          email,
          name,
          bank_account: { name, bsb: '063000', number: '987654321' },
        })
      ).body.response.token;
    const jo = await payee('Jo Plumbing', 'accounts@joplumbing.example');
    const sam = await payee('Sam Electrics', 'sam@sparks.example');
    await charges(client, 2);
    await advanceClock(stack, 5 * day);
    const rent = (await payOut(client, jo, 300, 'Rent')).body.response.token;
    const invoice = (await payOut(client, sam, 400, 'Invoice')).body.response.token;
    const tokensFor = async (query: string) =>
      (await client.get(`/1/transfers/search?query=${encodeURIComponent(query)}`)).body.response.map(
        (t: { token: string }) => t.token,
      );
    expect(await tokensFor('JOPLUMBING.example')).toEqual([rent]);
    expect(await tokensFor('electrics')).toEqual([invoice]);
    expect(await tokensFor('.example')).toEqual([rent, invoice]);
    expect(await tokensFor('invoice')).toEqual([invoice]);
    expect(await tokensFor('nobody')).toEqual([]);
  });

  it('keeps one merchant’s transfers from another', async () => {
    const client = await merchant();
    const recipient = await recipientOf(client);
    await charges(client, 1);
    await advanceClock(stack, 5 * day);
    const token = (await payOut(client, recipient, 10, 'Mine')).body.response.token;
    const stranger = await merchant();
    expect((await stranger.get(`/1/transfers/${token}`)).status).toBe(404);
    expect((await stranger.get(`/1/transfers/${token}/line_items`)).status).toBe(404);
    expect((await stranger.get('/1/transfers')).body.response).toEqual([]);
    expect((await payOut(stranger, recipient, 1, 'Theirs')).status).toBe(422);
  });
});

describe('transfers to self', () => {
  it('pay a referred merchant’s own bank account without a fee', async () => {
    const partner = api(stack.test.baseUrl, stack.partnerKey);
    const mrch = (await partner.post('/1/merchants', merchantApplication())).body.response.token;
    const keys = (await partner.get(`/1/merchants/${mrch}`)).body.response;
    const client = api(stack.test.baseUrl, keys.test_secret_api_key);
    await charges(client, 1);
    await advanceClock(stack, 5 * day);
    const transfer = await payOut(client, 'self', 952, 'Me');
    expect(transfer.status).toBe(201);
    expect(transfer.body.response).toMatchObject({
      recipient: 'self',
      amount: 952,
      total_debits: 0,
      total_credits: 952,
      line_items_count: 1,
      bank_account: { name: 'Robot Shop', bsb: '063000', number: 'XXXXXX321' },
    });
    expect((await balance(client)).available).toEqual([{ amount: 0, currency: 'AUD' }]);
  });

  it('pay the seeded merchant and a local account made with a bank account', async () => {
    const seeded = api(stack.test.baseUrl, stack.test.secretKey);
    const local = `http://localhost:${stack.port}/_local/accounts`;
    const bad = await request('POST', local, { bank_account: { name: 'Shop', bsb: '12', number: '123456' } });
    expect(bad.status).toBe(422);
    expect(bad.body.messages[0]).toMatchObject({
      param: 'bank_account[bsb]',
      message: 'Bank account bsb must be six digits',
    });
    const made = await request('POST', local, {
      bank_account: { name: 'Shop', bsb: '083-000', number: '555 444 333' },
    });
    expect(made.status).toBe(201);
    const own = api(made.body.test.baseUrl, made.body.test.secretKey);
    for (const client of [seeded, own]) await charges(client, 1);
    await advanceClock(stack, 5 * day);
    const toSeeded = await payOut(seeded, 'self', 100, 'Me');
    expect(toSeeded.body.response.bank_account).toMatchObject({ name: 'Local Merchant', bsb: '063000' });
    const toOwn = await payOut(own, 'self', 100, 'Me');
    expect(toOwn.body.response.bank_account).toMatchObject({
      name: 'Shop',
      bsb: '083000',
      number: 'XXXXXX333',
      bank_name: 'National Australia Bank Limited',
    });
  });
});

describe('payouts the simulated bank returns', () => {
  it('fails a transfer to the rejected test account a day later: transfer.failed, money back, charges updated', async () => {
    const client = await merchant();
    const rejected = (
      await client.post('/1/recipients', {
        email: 'closed@example.com',
        name: 'Closed',
        bank_account: { name: 'Closed', bsb: '062-000', number: '111111113' },
      })
    ).body.response.token;
    const card = cardFields({ number: '4000000000000077' });
    const paid: string[] = [];
    for (const description of ['First', 'Second'])
      paid.push(
        (await client.post('/1/charges', chargeFields({ amount: 1000, card, description }))).body.response
          .token,
      );
    const made = await payOut(client, rejected, 1000);
    expect(made.status).toBe(201);
    const token = made.body.response.token;
    expect(made.body.response.status).toBe('succeeded');
    expect((await balance(client)).available).toEqual([{ amount: 874, currency: 'AUD' }]);

    await advanceClock(stack, day - 60);
    expect((await client.get(`/1/transfers/${token}`)).body.response.status).toBe('succeeded');
    await advanceClock(stack, 120);
    const failed = (await client.get(`/1/transfers/${token}`)).body.response;
    expect(failed).toMatchObject({
      token,
      status: 'failed',
      amount: 1000,
      total_debits: 30,
      total_credits: 1030,
    });
    const events = await eventsAbout(stack, token);
    expect(events.map((e) => e.type)).toEqual(['transfer.created', 'transfer.failed']);
    expect(events[1]!.data).toEqual(failed);
    // The amount and its fee are available again, and the charges show the transfer failed.
    expect((await balance(client)).available).toEqual([{ amount: 1904, currency: 'AUD' }]);
    for (const charge of paid)
      expect((await client.get(`/1/charges/${charge}`)).body.response.transfer).toEqual([
        { state: 'failed', paid_at: failed.paid_at, token },
      ]);
    // Its line items still show what it drew on; the next transfer pays those charges out again.
    const drawn = (await client.get(`/1/transfers/${token}/line_items`)).body.response;
    expect(drawn.map((i: { token: string; amount: number }) => [i.token, i.amount])).toEqual([
      [paid[0], 952],
      [paid[1], 78],
      [token, -30],
    ]);
    const again = await payOut(client, await recipientOf(client), 1874);
    expect(again.status).toBe(201);
    const second = (await client.get(`/1/charges/${paid[1]}`)).body.response.transfer;
    expect(second.map((t: { state: string; token: string }) => [t.state, t.token])).toEqual([
      ['failed', token],
      ['succeeded', again.body.response.token],
    ]);
    expect((await balance(client)).available).toEqual([{ amount: 0, currency: 'AUD' }]);
    await advanceClock(stack, 2 * day);
    expect((await client.get(`/1/transfers/${again.body.response.token}`)).body.response.status).toBe(
      'succeeded',
    );
  });
});
