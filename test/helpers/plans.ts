import { expect } from 'vitest';
import { cardFields } from './fixtures.ts';
import type { Api } from './stack.ts';

let planNumber = 0;

/** A plan with a unique name; override any field. Fails the test unless it is created. */
export const newPlan = async (client: Api, fields: Record<string, unknown> = {}) => {
  planNumber++;
  const res = await client.post('/1/plans', {
    name: `Plan ${planNumber} ${Math.random().toString(36).slice(2, 8)}`,
    amount: 1000,
    interval: 1,
    interval_unit: 'month',
    ...fields,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.response;
};

/** A customer whose primary card has `number` (a decline card is stored fine; charging it declines). */
export const newCustomer = async (client: Api, number = '4200000000000000') => {
  const res = await client.post('/1/customers', {
    email: 'subscriber@example.com',
    card: cardFields({ number }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.response;
};

/** A subscription of `customer` to `plan`; fails the test unless it is created. */
export const subscribe = async (
  client: Api,
  plan: string,
  customer: string,
  fields: Record<string, unknown> = {},
) => {
  const res = await client.post('/1/subscriptions', {
    plan_token: plan,
    customer_token: customer,
    ...fields,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.response;
};

/** The amounts of a customer's charges, oldest first (the list is newest first). */
export const chargeAmounts = async (client: Api, customer: string): Promise<number[]> => {
  const amounts: number[] = [];
  for (let page = 1; ; page++) {
    const res = await client.get(`/1/customers/${customer}/charges?page=${page}`);
    expect(res.status).toBe(200);
    amounts.push(...res.body.response.map((c: { amount: number }) => c.amount));
    if (res.body.pagination.next === null) break;
  }
  return amounts.reverse();
};

/** Every ledger entry of a subscription, oldest first. */
export const ledgerOf = async (client: Api, subscription: string) => {
  const entries: Array<{ amount: number; created_at: string; type: string; annotation: string }> = [];
  for (let page = 1; ; page++) {
    const res = await client.get(`/1/subscriptions/${subscription}/ledger?page=${page}`);
    expect(res.status).toBe(200);
    entries.push(...res.body.response);
    if (page * res.body.pagination.per_page >= res.body.pagination.count) break;
  }
  return entries.reverse();
};
