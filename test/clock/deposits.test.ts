import { describe, expect, it } from 'vitest';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { type Api, advanceClock, api, newMerchant, request, useClockStack } from '../helpers/stack.ts';

// Moves the clock past the daily run: it runs on the clock stack (useClockStack).
const stack = useClockStack();
const day = 86400;

const newAccount = (body: Record<string, unknown>) =>
  request('POST', `http://localhost:${stack.port}/_local/accounts`, body);

/** A merchant paid out by daily deposits into its own bank account. */
const depositMerchant = async (): Promise<Api> => {
  const made = await newAccount({
    transfers_enabled: false,
    bank_account: { name: 'Deposit Shop', bsb: '063000', number: '123456789' },
  });
  expect(made.status).toBe(201);
  return api(made.body.test.baseUrl, made.body.test.secretKey);
};

/** A charge of 1000 on the instant-proceeds test card: 952 available at once. */
const instantCharge = (client: Api) =>
  client.post('/1/charges', chargeFields({ amount: 1000, card: cardFields({ number: '4000000000000077' }) }));

describe('deposits', () => {
  it('sweep the available balance into the bank account at the daily run, with deposit.created', async () => {
    const client = await depositMerchant();
    expect((await instantCharge(client)).status).toBe(201);
    expect((await client.get('/1/deposits')).body).toMatchObject({ response: [], count: 0 });

    await advanceClock(stack, day);
    const list = await client.get('/1/deposits');
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.pagination).toMatchObject({
      current: 1,
      previous: null,
      next: null,
      pages: 1,
      count: 1,
    });
    const [deposit] = list.body.response;
    expect(deposit).toMatchObject({
      status: 'succeeded',
      amount: '952',
      currency: 'AUD',
      bank_account: { name: 'Deposit Shop', bsb: '063000' },
    });
    expect(deposit.token).toMatch(/^dpo_[\w-]{22}$/);
    expect(deposit.narration).toMatch(/^WATTLE DEPOSIT /);
    expect(deposit.available_at).toBe(deposit.created_at);
    expect((await client.get(`/1/deposits/${deposit.token}`)).body.response).toEqual(deposit);
    expect((await client.get('/1/balance')).body.response.available).toEqual([
      { amount: 0, currency: 'AUD' },
    ]);

    const events = (await client.get('/1/events')).body.response.filter(
      (event: { type: string }) => event.type === 'deposit.created',
    );
    expect(events).toHaveLength(1);
    expect(events[0].data).toEqual(deposit);

    // The next day's run finds nothing available: no second deposit.
    await advanceClock(stack, day);
    expect((await client.get('/1/deposits')).body.count).toBe(1);
  });

  it('are not made for an account that uses transfers, whose balance stays for its transfers', async () => {
    const own = await newMerchant(stack);
    const client = api(own.test.baseUrl, own.test.secretKey);
    expect((await instantCharge(client)).status).toBe(201);
    await advanceClock(stack, day);
    expect((await client.get('/1/deposits')).body.count).toBe(0);
    expect((await client.get('/1/balance')).body.response.available).toEqual([
      { amount: 952, currency: 'AUD' },
    ]);
  });

  it('answer 404 for a deposit that does not exist', async () => {
    const client = await depositMerchant();
    const missing = await client.get('/1/deposits/dpo_0000000000000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('not_found');
  });

  it('need a bank account to deposit into', async () => {
    const refused = await newAccount({ transfers_enabled: false });
    expect(refused.status).toBe(422);
    expect(refused.body.messages[0]).toMatchObject({ param: 'transfers_enabled' });
  });
});
