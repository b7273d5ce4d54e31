import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Scope } from '@wattle/domain';
import { localTableName } from '@wattle/local';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../packages/store/src/kernel/keys.ts';
import { chargeFields } from '../helpers/fixtures.ts';
import { api, type Merchant, newMerchant, stackTable, useClockStack } from '../helpers/stack.ts';

// A processor whose 3-D Secure page is another site's (as Adyen's is), staged on the simulator by
// planting that redirect in the payment's table item: on DynamoDB Local only, as nothing outside the
// memory engine's process can change its records (processor-outcomes.test.ts has the rest).
const stack = useClockStack();
let merchant: Merchant;

beforeAll(async () => {
  merchant = await newMerchant(stack);
});

describe("3-D Secure on the processor's own page", () => {
  it('sends the payer there, and completes the charge through the processor with what their return carried', async () => {
    const live = api(merchant.live.baseUrl, merchant.live.secretKey);
    const liveScope: Scope = { accountId: merchant.accountId, environment: 'live' };
    const pending = await live.post(
      '/1/charges',
      chargeFields({ three_d_secure: { enabled: true, callback_url: 'https://shop.example/back' } }),
    );
    const { token, redirect_url: page } = pending.body.response;
    // A processor whose issuer page is another site's (as Adyen's is): its redirect, planted.
    const key = keys.payment(liveScope, token);
    const doc = stackTable(stack);
    const { Item } = await doc.send(new GetCommand({ TableName: localTableName, Key: key }));
    const redirect = {
      ...Item?.payment.processorRedirect,
      url: 'https://issuer.example/3ds',
      data: { md: 'x1' },
    };
    await doc.send(
      new UpdateCommand({
        TableName: localTableName,
        Key: key,
        UpdateExpression: 'SET payment.processorRedirect = :r',
        ExpressionAttributeValues: { ':r': redirect },
      }),
    );
    const sent = await fetch(page, { redirect: 'manual' });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('https://issuer.example/3ds?md=x1');

    // Back with the processor's fields: the processor judges them (the simulator wants its own).
    const back = await fetch(`${page}?redirectResult=abc`, { redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toMatch(/^https:\/\/shop\.example\/back\?session_token=se_/);
    const { Item: after } = await doc.send(new GetCommand({ TableName: localTableName, Key: key }));
    expect(after?.payment).toMatchObject({ state: 'failed', decline: 'card_declined' });
  });
});
