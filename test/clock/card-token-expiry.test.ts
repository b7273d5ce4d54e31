import { describe, expect, it } from 'vitest';
import { cardFields, cardTokenNotFound, tokenAlreadyUsed } from '../helpers/fixtures.ts';
import { advanceClock, api, useClockStack } from '../helpers/stack.ts';

// Moves the clock: it runs on the clock stack (useClockStack).
const stack = useClockStack();

describe('card token lifetime', () => {
  it('keeps an unused token usable for a month, then refuses it', async () => {
    const client = api(stack.test.baseUrl, stack.test.secretKey);
    const early = await client.post('/1/cards', cardFields(), { form: true });
    const late = await client.post('/1/cards', cardFields(), { form: true });

    await advanceClock(stack, 27 * 86400);
    const inTime = await client.post('/1/customers', {
      email: 'a@example.com',
      card_token: early.body.response.token,
    });
    expect(inTime.status).toBe(201);
    const reuse = () =>
      client.post('/1/customers', { email: 'c@example.com', card_token: early.body.response.token });
    const usedAgain = await reuse();
    expect([usedAgain.status, usedAgain.body]).toEqual([400, tokenAlreadyUsed]);

    await advanceClock(stack, 5 * 86400);
    const expired = await client.post('/1/customers', {
      email: 'b@example.com',
      card_token: late.body.response.token,
    });
    expect([expired.status, expired.body]).toEqual([404, cardTokenNotFound]);
    // The mark of a use goes with the token's month: then it is a token the account does not hold.
    const longAfter = await reuse();
    expect([longAfter.status, longAfter.body]).toEqual([404, cardTokenNotFound]);
  });

  it('judges card expiry by the moved clock', async () => {
    const client = api(stack.test.baseUrl, stack.test.secretKey);
    const clock = await fetch(stack.clockUrl).then((r) => r.json() as Promise<{ now: string }>);
    const moved = new Date(clock.now);
    const lastMonth = new Date(Date.UTC(moved.getUTCFullYear(), moved.getUTCMonth() - 1, 1));
    const res = await client.post(
      '/1/cards',
      cardFields({
        expiry_month: String(lastMonth.getUTCMonth() + 1).padStart(2, '0'),
        expiry_year: String(lastMonth.getUTCFullYear()),
      }),
      { form: true },
    );
    expect(res.status).toBe(422);
    expect(res.body.messages.map((m: { message: string }) => m.message)).toEqual([
      'Expiry month is expired',
      'Expiry year is expired',
    ]);
  });
});
