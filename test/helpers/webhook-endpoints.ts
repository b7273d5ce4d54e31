import { expect } from 'vitest';
import { cardFields } from './fixtures.ts';
import { waitUntil } from './receiver.ts';
import { type Api, api, newMerchant } from './stack.ts';

/** A merchant of its own with one endpoint: the webhooks it gets are only this test's. */
export const merchantWithEndpoint = async (url: string) => {
  const m = await newMerchant();
  const c = api(m.test.baseUrl, m.test.secretKey);
  const created = await c.post('/1/webhook_endpoints', { url });
  expect(created.status).toBe(201);
  return { merchant: m, client: c, endpoint: created.body.response };
};

export const createCustomer = async (c: Api, fields: Record<string, unknown> = {}) => {
  const res = await c.post('/1/customers', { email: 'roland@example.com', card: cardFields(), ...fields });
  expect(res.status).toBe(201);
  return res.body.response;
};

/** The event token a delivered webhook's body names. */
export const eventTokenOf = (body: string): string => JSON.parse(body).token;

/** The webhook of `eventToken` once `done` holds for it. */
export const webhookWhen = (c: Api, eventToken: string, done: (w: Record<string, unknown>) => boolean) =>
  waitUntil(
    async () => {
      const list = await c.get('/1/webhooks');
      return list.body.response.find(
        (w: Record<string, unknown>) => w.event_token === eventToken && done(w),
      ) as Record<string, unknown> | undefined;
    },
    10_000,
    `the webhook of ${eventToken}`,
  );
