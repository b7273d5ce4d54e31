import { beforeAll, describe, expect, it } from 'vitest';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { type Api, api, newMerchant } from '../helpers/stack.ts';

// Text with no UTF-8 form: JSON can carry half of a surrogate pair ("\ud83d"), a form cannot.
const halfAnEmoji = '😀'.slice(0, 1);
const phrase = 'is not well-formed Unicode text (it holds an unpaired surrogate)';

let client: Api;

beforeAll(async () => {
  const merchant = await newMerchant();
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
});

describe('text that is not well-formed Unicode', () => {
  it('is refused with a 422 naming each field, in any text field of any route', async () => {
    const plan = await client.post('/1/plans', {
      name: `Coffee ${halfAnEmoji}`,
      amount: 1000,
      interval: 1,
      interval_unit: 'month',
    });
    expect(plan.status).toBe(422);
    expect(plan.body).toMatchObject({
      error: 'invalid_resource',
      messages: [{ param: 'name', code: 'name_invalid', message: `Name ${phrase}` }],
    });

    const customer = await client.post('/1/customers', {
      email: 'someone@example.com',
      card: cardFields({ name: `Roland${halfAnEmoji}` }),
    });
    expect(customer.status).toBe(422);
    expect(customer.body.messages).toEqual([
      { param: 'card[name]', code: 'card_name_invalid', message: `Card name ${phrase}` },
    ]);

    const charge = await client.post(
      '/1/charges',
      chargeFields({
        description: `Order ${halfAnEmoji}`,
        metadata: { note: `\udc00x`, [`key${halfAnEmoji}`]: 'value' },
      }),
    );
    expect(charge.status).toBe(422);
    expect(charge.body.messages).toEqual([
      { param: 'description', code: 'description_invalid', message: `Description ${phrase}` },
      { param: 'metadata[note]', code: 'metadata_note_invalid', message: `Metadata note ${phrase}` },
      {
        param: 'metadata[key\ufffd]',
        code: 'metadata_key\ufffd_invalid',
        message: `Metadata key\ufffd ${phrase}`,
      },
    ]);
    // Nothing was charged.
    expect((await client.get('/1/charges')).body.count).toBe(0);
  });

  it('is not confused with well-formed text outside the Basic Multilingual Plane', async () => {
    const charge = await client.post('/1/charges', chargeFields({ description: 'Café ☕ 😀 𝄞' }));
    expect(charge.status).toBe(201);
    expect(charge.body.response.description).toBe('Café ☕ 😀 𝄞');
  });
});
