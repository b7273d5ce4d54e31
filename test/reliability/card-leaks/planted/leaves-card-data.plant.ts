import { expect, it } from 'vitest';
import { chargeFields } from '../../../helpers/fixtures.ts';
import { api, useStack } from '../../../helpers/stack.ts';

// Passes by itself; what it leaves behind must fail the run (see card-data-check.test.ts).
it(`stores ${process.env.WATTLE_PLANT ?? 'a card number'} where only the card-data check can see it`, async () => {
  const stack = useStack();
  const client = api(stack.test.baseUrl, stack.test.secretKey);
  const planted =
    process.env.WATTLE_PLANT === 'cvc' ? 'cvc=123' : `card ${process.env.WATTLE_PLANT ?? '4200000000000000'}`;
  const res = await client.post('/1/charges', chargeFields({ description: `note: ${planted}` }));
  expect(res.status).toBe(201);
});
