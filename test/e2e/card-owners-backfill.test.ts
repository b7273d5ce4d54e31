import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../packages/store/src/kernel/keys.ts';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { api, newMerchant, stackTable, useStack } from '../helpers/stack.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

describe('npm run wattle -- customers backfill-card-owners', () => {
  it('lets a customer stored before the card owner record have its card charged by its token', async () => {
    const stack = useStack();
    const merchant = await newMerchant();
    const client = api(merchant.test.baseUrl, merchant.test.secretKey);
    const customer = await client.post('/1/customers', { email: 'old@example.com', card: cardFields() });
    const cardToken = customer.body.response.card.token;
    // As a customer stored before the owner record existed: its card has none.
    const table = stackTable(stack);
    await table.send(
      new DeleteCommand({
        TableName: stack.tableName,
        Key: keys.cardOwner({ accountId: merchant.accountId, environment: 'test' }, cardToken),
      }),
    );
    table.destroy();
    const charge = () => client.post('/1/charges', chargeFields({ card: undefined, card_token: cardToken }));
    // Without its owner record the token names no card this account holds: Pin's 404 (decision 208).
    expect((await charge()).status).toBe(404);

    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        join(repoRoot, 'packages/cli/src/main.ts'),
        'customers',
        'backfill-card-owners',
        '--json',
        '--table',
        stack.tableName,
        '--endpoint',
        stack.ddbEndpoint,
      ],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          AWS_REGION: 'ap-southeast-2',
          AWS_ACCESS_KEY_ID: stack.ddbAccessKeyId,
          AWS_SECRET_ACCESS_KEY: 'local',
        },
      },
    );
    // Other files' customers share the table: at least this one was written, the rest were there.
    expect(JSON.parse(stdout)).toMatchObject({ written: expect.any(Number), present: expect.any(Number) });
    expect(JSON.parse(stdout).written).toBeGreaterThanOrEqual(1);

    const charged = await charge();
    expect(charged.status).toBe(201);
    expect(charged.body.response.card.customer_token).toBe(customer.body.response.token);
  });
});
