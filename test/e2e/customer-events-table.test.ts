import { beforeAll, describe, expect, it } from 'vitest';
import { eventsAbout } from '../helpers/events.ts';
import { type Api, api, type Merchant, newCustomer, newMerchant, useStack } from '../helpers/stack.ts';

let merchant: Merchant;
let client: Api;

beforeAll(async () => {
  merchant = await newMerchant();
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
});

describe('customer events in the table (the DynamoDB engine)', () => {
  // Read from the table's outbox items: the DynamoDB engine's.
  it('records customer.created, customer.updated and customer.deleted with the customer as data', async () => {
    const customer = await newCustomer(client);
    await client.put(`/1/customers/${customer.token}`, { notes: 'changed' });
    await client.del(`/1/customers/${customer.token}`);
    const events = await eventsAbout(useStack(), customer.token);
    expect(events.map((e) => e.type)).toEqual(['customer.created', 'customer.updated', 'customer.deleted']);
    for (const event of events) {
      expect(event.token).toMatch(/^evt_[\w-]{22}$/);
      expect(event.accountId).toBe(merchant.accountId);
      expect(event.data.token).toBe(customer.token);
      expect(event.raw).not.toContain('5520000000000000');
    }
    expect(events[1]!.data.notes).toBe('changed');
  });
});
