import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { declineCards } from '@wattle/processor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsAbout } from '../helpers/events.ts';
import { cardFields } from '../helpers/fixtures.ts';
import { hangNet } from '../helpers/hang-net.ts';
import { chargeAmounts, ledgerOf, newCustomer, newPlan, subscribe } from '../helpers/plans.ts';
import { type Api, advanceClock, api, clockNow, type OwnStack, startOwnStack } from '../helpers/stack.ts';

// Moves the clock through a year, so it runs on a stack of its own. Day plans are followed for 60
// days in daily steps; week, month and year plans for a year in steps of a week (never longer
// than a billing period, so each advance bills each subscription at most once).
let stack: OwnStack;
let client: Api;
const dataDir = mkdtempSync(join(tmpdir(), 'wattle-subscriptions-'));
const day = 86400;

/** The subscriptions followed, by what they show; `created` is where their billing dates count from. */
const subs: Record<string, { token: string; customer: string; plan: string; created: Date }> = {};
let start: Date;

/** The timestamp `n` days after `from`, as Pin writes it. */
const plusDays = (from: Date, n: number): string =>
  new Date(from.getTime() + n * day * 1000).toISOString().replace('.000Z', 'Z');

/** The local clock runs on between advances, so timestamps are compared by their date. */
const dateOf = (timestamp: string | null): string | null => timestamp?.slice(0, 10) ?? null;

const follow = async (name: string, planFields: Record<string, unknown>, subFields = {}, card?: string) => {
  const plan = await newPlan(client, planFields);
  const customer = await newCustomer(client, card);
  const subscription = await subscribe(client, plan.token, customer.token, subFields);
  subs[name] = {
    token: subscription.token,
    customer: customer.token,
    plan: plan.token,
    created: new Date(subscription.created_at),
  };
  return subscription;
};

const get = async (name: string) => (await client.get(`/1/subscriptions/${subs[name]!.token}`)).body.response;
const charges = (name: string) => chargeAmounts(client, subs[name]!.customer);
/** The intervals a subscription's renewals started, from their events. */
const renewedIntervals = async (name: string) =>
  (await eventsAbout(stack, subs[name]!.token))
    .filter((e) => e.type === 'subscription.renewed')
    .map((e) => e.data.active_interval_started_at as string);
const eventTypes = async (name: string) => (await eventsAbout(stack, subs[name]!.token)).map((e) => e.type);

/** Gives the customer a card that declines and makes the subscription bill it from now on. */
const switchToDecliningCard = async (name: string) => {
  const card = await client.post(`/1/customers/${subs[name]!.customer}/cards`, {
    ...cardFields({ number: declineCards.card_declined.visa }),
  });
  expect(card.status).toBe(201);
  const updated = await client.put(`/1/subscriptions/${subs[name]!.token}`, {
    card_token: card.body.response.token,
  });
  expect(updated.body.response.card_token).toBe(card.body.response.token);
};

beforeAll(async () => {
  // The renewals of a year are read from their events: keep them past the 30-day retention.
  stack = await startOwnStack({ dataDir, eventRetentionDays: 400 });
  client = api(stack.test.baseUrl, stack.test.secretKey);
  // Every subscription starts on the next 31 January, 10:00 UTC, for the month-end dates.
  const now = new Date(await clockNow(stack));
  const year =
    now.getUTCMonth() === 0 && now.getUTCDate() < 31 ? now.getUTCFullYear() : now.getUTCFullYear() + 1;
  start = new Date(Date.UTC(year, 0, 31, 10));
  await advanceClock(stack, (start.getTime() - now.getTime()) / 1000);
  await follow('day', { interval: 1, interval_unit: 'day', amount: 200 });
  await follow('dayDeclined', { interval: 1, interval_unit: 'day', amount: 300 });
  await follow('week', { interval: 1, interval_unit: 'week', amount: 400 });
  await follow('weekDeclined', { interval: 1, interval_unit: 'week', amount: 500 });
  await follow('month', { interval: 1, interval_unit: 'month', amount: 600, setup_amount: 50 });
  await follow('year', { interval: 1, interval_unit: 'year', amount: 700 });
  await follow('trial', {
    interval: 1,
    interval_unit: 'month',
    amount: 1000,
    setup_amount: 500,
    trial_amount: 100,
    trial_interval: 14,
    trial_interval_unit: 'day',
  });
  await follow('limited', { interval: 1, interval_unit: 'month', amount: 800, intervals: 3 });
  await follow('reactivated', { interval: 1, interval_unit: 'month', amount: 900 });
  await switchToDecliningCard('dayDeclined');
  await switchToDecliningCard('weekDeclined');
  expect(dateOf(await clockNow(stack))).toBe(dateOf(start.toISOString()));
}, hangNet(120_000));

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A walk of sixty (or fifty-two) clock advances, each running every job that fell due: seconds on
 * the memory engine, but on DynamoDB Local each advance's scheduler queries cost 0.3-0.8 s, and in
 * CI the walk shares the machine with the rehearsal and the reliability files (a fresh-clone run on
 * a slow hour passed a minute). A safety net against a hang, not a speed target: three minutes.
 */
const walkTimeoutMs = hangNet(180_000);

describe('sixty days in daily steps', () => {
  it(
    'bills the day plan every day, cancels a declined day plan at once, retries a week plan',
    async () => {
      await client.del(`/1/subscriptions/${subs.reactivated!.token}`);
      for (let i = 1; i <= 60; i++) {
        await advanceClock(stack, day);
        // The 14-day trial ends into active with the first regular bill.
        if (i === 13 || i === 14) expect((await get('trial')).state).toBe(i === 13 ? 'trial' : 'active');
      }

      expect(await charges('day')).toEqual(Array(61).fill(200));
      expect(await ledgerOf(client, subs.day!.token)).toHaveLength(61);
      expect(await get('day')).toMatchObject({
        state: 'active',
        next_billing_date: plusDays(subs.day!.created, 61),
      });

      expect(await get('dayDeclined')).toMatchObject({ state: 'cancelled', next_billing_date: null });
      expect(await ledgerOf(client, subs.dayDeclined!.token)).toHaveLength(1);
      // The last two come from one transaction, at the same time.
      expect((await eventTypes('dayDeclined')).sort()).toEqual([
        'subscription.cancelled',
        'subscription.created',
        'subscription.renewal_failed',
      ]);

      // Due on 7 Feb, retried on 8, 10 and 13 Feb, then cancelled.
      const week = await eventsAbout(stack, subs.weekDeclined!.token);
      const failures = week.filter((e) => e.type === 'subscription.renewal_failed');
      const created = subs.weekDeclined!.created;
      expect(failures.map((e) => e.data.next_billing_date)).toEqual([
        plusDays(created, 8),
        plusDays(created, 10),
        plusDays(created, 13),
        null,
      ]);
      expect(week.find((e) => e.type === 'subscription.cancelled')?.data).toMatchObject({
        state: 'cancelled',
      });
      expect(
        (await client.get(`/1/customers/${subs.weekDeclined!.customer}/charges`)).body.response,
      ).toHaveLength(5);
      expect(await ledgerOf(client, subs.weekDeclined!.token)).toHaveLength(1);

      const limited = await get('limited');
      expect(limited).toMatchObject({ state: 'active' });

      const trial = await get('trial');
      expect(trial).toMatchObject({ state: 'active' });
      expect(await charges('trial')).toEqual([100, 1500, 1000]);
    },
    walkTimeoutMs,
  );

  it('reactivates a subscription whose paid interval is over with a bill from now', async () => {
    const reactivated = await client.put(`/1/subscriptions/${subs.reactivated!.token}/reactivate`, {
      include_setup_fee: false,
    });
    expect(reactivated.status).toBe(200);
    expect(reactivated.body.response).toMatchObject({ state: 'active', cancelled_at: null });
    expect(dateOf(reactivated.body.response.active_interval_started_at)).toBe(dateOf(plusDays(start, 60)));
    expect(await charges('reactivated')).toEqual([900, 900]);
    expect(await ledgerOf(client, subs.reactivated!.token)).toHaveLength(2);
    expect(await client.del(`/1/subscriptions/${subs.day!.token}`)).toMatchObject({ status: 200 });
  });
});

describe('the rest of the year in weekly steps', () => {
  it(
    'bills week, month and year plans on their dates, month ends included',
    async () => {
      const end = new Date(Date.UTC(start.getUTCFullYear() + 1, 0, 31, 11));
      while (new Date(await clockNow(stack)) < end) await advanceClock(stack, 7 * day);
      // Until 31 Jan of the next year (the last step overshoots by under a week).
      const now = new Date(await clockNow(stack));
      const weeks = Math.floor((now.getTime() - subs.week!.created.getTime()) / (7 * day * 1000));

      expect(await charges('week')).toEqual(Array(weeks + 1).fill(400));
      expect(await ledgerOf(client, subs.week!.token)).toHaveLength(weeks + 1);

      const y = start.getUTCFullYear();
      const feb = new Date(Date.UTC(y, 2, 0)).getUTCDate();
      const time = subs.month!.created.toISOString().slice(10, 19);
      expect(await renewedIntervals('month')).toEqual(
        [
          `${y}-02-${feb}`,
          `${y}-03-31`,
          `${y}-04-30`,
          `${y}-05-31`,
          `${y}-06-30`,
          `${y}-07-31`,
          `${y}-08-31`,
          `${y}-09-30`,
          `${y}-10-31`,
          `${y}-11-30`,
          `${y}-12-31`,
          `${y + 1}-01-31`,
        ].map((date) => `${date}${time}Z`),
      );
      expect(await charges('month')).toEqual([650, ...Array(12).fill(600)]);

      expect(await charges('year')).toEqual([700, 700]);
      expect(dateOf((await get('year')).next_billing_date)).toBe(`${y + 2}-01-31`);

      // A trial of 14 days, then the 14th of every month, the setup fee with the first regular bill.
      expect(await charges('trial')).toEqual([100, 1500, ...Array(11).fill(1000)]);
      expect((await renewedIntervals('trial')).map(dateOf)).toEqual([
        ...[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => `${y}-${String(m).padStart(2, '0')}-14`),
        `${y + 1}-01-14`,
      ]);

      // intervals=3: billed 31 Jan, 28/29 Feb and 31 Mar, then expired (cancelled) on 30 Apr.
      expect(await charges('limited')).toEqual([800, 800, 800]);
      const limited = await get('limited');
      expect(limited).toMatchObject({ state: 'cancelled', next_billing_date: null });
      expect(dateOf(limited.active_interval_finishes_at)).toBe(`${y}-04-30`);
      expect(limited.cancelled_at >= limited.active_interval_finishes_at).toBe(true);
      expect(await eventTypes('limited')).toEqual([
        'subscription.created',
        'subscription.renewed',
        'subscription.renewed',
        'subscription.expired',
      ]);
      const plan = (await client.get(`/1/plans/${subs.limited!.plan}`)).body.response;
      expect(plan.subscription_counts).toEqual({ trial: 0, active: 0, cancelling: 0, cancelled: 1 });
    },
    walkTimeoutMs,
  );
});
