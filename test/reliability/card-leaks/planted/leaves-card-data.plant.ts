import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect, it } from 'vitest';
import { keys } from '../../../../packages/store/src/kernel/keys.ts';
import { chargeFields } from '../../../helpers/fixtures.ts';
import { api, newMerchant, stackTable, useStack } from '../../../helpers/stack.ts';

/** What to leave, one or more (comma-separated): one run of the check finds each. */
const plants = (process.env.WATTLE_PLANT ?? '4200000000000000').split(',');

// Passes by itself; what it leaves behind must fail the run (see card-data-check.test.ts).
it.each(plants)('stores %s where only the card-data check can see it', async (plant) => {
  const stack = useStack();
  if (plant === 'sealed-cvc') {
    // A charge settled with its sealed CVC still on it, as a store that failed to drop it leaves it.
    const merchant = await newMerchant(stack);
    const res = await api(merchant.test.baseUrl, merchant.test.secretKey).post('/1/charges', chargeFields());
    expect(res.status).toBe(201);
    const table = stackTable(stack);
    try {
      await table.send(
        new UpdateCommand({
          TableName: stack.tableName,
          Key: keys.payment({ accountId: merchant.accountId, environment: 'test' }, res.body.response.token),
          UpdateExpression: 'SET sealedCvc = :sealed',
          ExpressionAttributeValues: { ':sealed': 'c2VhbGVkIGN2Yw' },
        }),
      );
    } finally {
      table.destroy();
    }
    return;
  }
  const client = api(stack.test.baseUrl, stack.test.secretKey);
  const planted = plant === 'cvc' ? 'cvc=123' : `card ${plant}`;
  const res = await client.post('/1/charges', chargeFields({ description: `note: ${planted}` }));
  expect(res.status).toBe(201);
});
