import { describe, expect, it } from 'vitest';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { type Api, advanceClock, api, newMerchant, request, useClockStack } from '../helpers/stack.ts';

// The simulated issuer acts days after capture: the clock moves: it runs on the clock stack (useClockStack).
const stack = useClockStack();
const day = 86400;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n', 'latin1');

interface Shop {
  client: Api;
  /** POST /1/files of a small PDF, as a client library sends it (multipart). */
  upload: () => Promise<{ token: string }>;
  head: (path: string) => ReturnType<typeof request>;
  charge: string;
}

/** A merchant of its own with one charge of 1000 (952 to the merchant) on `card`. */
const shopCharging = async (card: string): Promise<Shop> => {
  const own = await newMerchant(stack);
  const client = api(own.test.baseUrl, own.test.secretKey);
  const made = await client.post(
    '/1/charges',
    chargeFields({ amount: 1000, card: cardFields({ number: card }) }),
  );
  expect(made.status).toBe(201);
  return {
    client,
    upload: async () => {
      const form = new FormData();
      form.set('purpose', 'dispute_evidence');
      form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'receipt.pdf');
      const answer = await fetch(`${own.test.baseUrl}/1/files`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${own.test.secretKey}:`).toString('base64')}` },
        body: form,
      });
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { response: { token: string } }).response;
    },
    head: (path) => request('HEAD', `${own.test.baseUrl}${path}`, undefined, {}, own.test.secretKey),
    charge: made.body.response.token,
  };
};

const disputeOf = async (shop: Shop) => {
  const list = await shop.client.get('/1/disputes');
  expect(list.status).toBe(200);
  return list.body.response[0];
};

/** The merchant's events of `type`, checked to carry the dispute object as GET /disputes/{token} shows it. */
const eventOf = async (shop: Shop, type: string, token: string) => {
  const events = (await shop.client.get('/1/events')).body.response.filter(
    (event: { type: string; data: { token?: string } }) => event.type === type && event.data.token === token,
  );
  expect(events, type).toHaveLength(1);
  const [event] = events;
  const { charge: _charge, ...shown } = (await shop.client.get(`/1/disputes/${token}`)).body.response;
  // The event's dispute is as it was at the step; its status is the one the event names.
  expect(event.data).toMatchObject({
    ...shown,
    status: type.slice('dispute.'.length),
    charge: { token: shop.charge },
  });
  return event;
};

const balanceOf = async (shop: Shop) => (await shop.client.get('/1/balance')).body.response;
const saveEvidence = (shop: Shop, token: string, evidence: Record<string, string>) =>
  shop.client.put(`/1/disputes/${token}/evidence`, evidence);
const submit = (shop: Shop, token: string) => shop.client.post(`/1/disputes/${token}/evidence`);

describe('disputes, simulated end to end', () => {
  const shops: Record<string, Shop> = {};
  const tokens: Record<string, string> = {};

  it('opens a dispute two days after capture on each dispute test card, with its money and events', async () => {
    const cards = {
      won: '4000000000000259',
      lost: '4000000000000267',
      accepted: '4000000000000275',
      expired: '4000000000000283',
      cancelled: '4000000000000291',
      resolved: '4000000000000291',
      arbitrationWon: '4000000000000309',
      arbitrationLost: '4000000000000309',
      race: '4000000000000259',
      files: '4000000000000259',
      acceptRace: '4000000000000259',
    };
    for (const [name, card] of Object.entries(cards)) shops[name] = await shopCharging(card);
    const plain = await shopCharging('4200000000000000');

    // Nothing before the issuer acts.
    expect((await shops.won!.client.get('/1/disputes')).body).toMatchObject({ response: [], count: 0 });
    await advanceClock(stack, 2 * day + 60);
    expect((await plain.client.get('/1/disputes')).body.count).toBe(0);

    for (const [name, shop] of Object.entries(shops)) tokens[name] = (await disputeOf(shop)).token;
    const won = shops.won!;
    const dispute = await disputeOf(won);
    expect(dispute).toMatchObject({
      token: expect.stringMatching(/^dis_/),
      category: 'general',
      status: 'evidence_required',
      amount: 1000,
      currency: 'AUD',
      charge: { token: won.charge, active_chargebacks: true, captured: true },
      relevant_evidence: expect.arrayContaining(['invoice_or_receipt']),
    });
    expect(Date.parse(dispute.evidence_required_by) - Date.parse(dispute.received_at)).toBe(14 * day * 1000);
    expect((await disputeOf(shops.lost!)).category).toBe('fraudulent');
    expect((await disputeOf(shops.accepted!)).category).toBe('product_not_received');
    expect((await disputeOf(shops.expired!)).category).toBe('duplicate');
    // The charge shows it too, and cannot be refunded any more.
    expect((await won.client.get(`/1/charges/${won.charge}`)).body.response.active_chargebacks).toBe(true);
    const refund = await won.client.post(`/1/charges/${won.charge}/refunds`, {});
    expect(refund.status).toBe(422);
    expect(refund.body.messages[0].message).toBe('Charge cannot be refunded: it is disputed');
    // The amount and the A$25 fee come off at once, below zero: the proceeds (952) still settle.
    expect(await balanceOf(won)).toEqual({
      available: [{ amount: -3500, currency: 'AUD' }],
      pending: [{ amount: 952 - 3500, currency: 'AUD' }],
    });
    await eventOf(won, 'dispute.evidence_required', dispute.token);
  });

  it('lists with full pagination, sorts, counts on HEAD, searches, and answers 404 for unknown tokens', async () => {
    const won = shops.won!;
    const list = await won.client.get('/1/disputes?sort=amount&direction=-1');
    expect(list.body).toMatchObject({
      count: 1,
      pagination: { current: 1, previous: null, next: null, per_page: 25, pages: 1, count: 1 },
    });
    const head = await won.head('/1/disputes');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('x-total-count')).toBe('1');
    expect((await won.client.get('/1/disputes?sort=colour')).body.messages[0]).toMatchObject({
      param: 'sort',
      message: 'Sort must be received_at, evidence_required_by or amount',
    });
    const found = await won.client.get('/1/disputes/search?query=birthday&status=evidence_required');
    expect(found.body.response.map((d: { token: string }) => d.token)).toEqual([tokens.won]);
    expect((await won.client.get('/1/disputes/search?status=won')).body.count).toBe(0);
    expect((await won.client.get('/1/disputes/search?status=maybe')).status).toBe(422);
    expect((await won.client.get('/1/disputes/dis_unknown000000000000000')).body.error).toBe('not_found');
    expect((await won.client.get('/1/disputes/nonsense/activity')).status).toBe(404);
    // Another merchant's dispute is not there for this one.
    expect((await won.client.get(`/1/disputes/${tokens.lost}`)).status).toBe(404);
  });

  it('keeps an evidence batch, submits it once, and takes one of two racing submits', async () => {
    const won = shops.won!;
    const token = tokens.won!;
    expect((await submit(won, token)).status).toBe(422);
    const bad = await saveEvidence(won, token, { invoice_or_receipt: 'x'.repeat(5001) });
    expect(bad.status).toBe(422);
    const saved = await saveEvidence(won, token, { invoice_or_receipt: 'Receipt 77: winning_evidence' });
    expect(saved.body.response).toEqual({
      dispute: token,
      submitted: false,
      evidence: { invoice_or_receipt: 'Receipt 77: winning_evidence' },
    });
    expect((await won.client.get(`/1/disputes/${token}/evidence`)).body.response.submitted).toBe(false);
    const submitted = await submit(won, token);
    expect(submitted.status).toBe(200);
    expect(submitted.body.response.status).toBe('evidence_under_review');
    const again = await submit(won, token);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('dispute_evidence_already_submitted');
    expect((await saveEvidence(won, token, { a: 'b' })).status).toBe(400);
    await eventOf(won, 'dispute.evidence_under_review', token);

    const race = shops.race!;
    await saveEvidence(race, tokens.race!, { invoice_or_receipt: 'text' });
    const both = await Promise.all([submit(race, tokens.race!), submit(race, tokens.race!)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);

    const acceptRace = shops.acceptRace!;
    await saveEvidence(acceptRace, tokens.acceptRace!, { invoice_or_receipt: 'text' });
    const raced = await Promise.all([
      submit(acceptRace, tokens.acceptRace!),
      acceptRace.client.post(`/1/disputes/${tokens.acceptRace}/accept`),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 400]);
    const events = (await acceptRace.client.get('/1/events')).body.response.map(
      (e: { type: string }) => e.type,
    );
    expect(
      events.filter((t: string) => t === 'dispute.accepted' || t === 'dispute.evidence_under_review'),
    ).toHaveLength(1);
  });

  it('accepts: closed at once, the money kept by the cardholder', async () => {
    const shop = shops.accepted!;
    const accepted = await shop.client.post(`/1/disputes/${tokens.accepted}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.response).toMatchObject({
      status: 'accepted',
      charge: { active_chargebacks: false },
    });
    await eventOf(shop, 'dispute.accepted', tokens.accepted!);
    expect((await shop.client.post(`/1/disputes/${tokens.accepted}/accept`)).body.error).toBe(
      'dispute_closed',
    );
    expect((await shop.client.get(`/1/charges/${shop.charge}`)).body.response.active_chargebacks).toBe(false);
  });

  it('attaches uploaded files named in the evidence: once submitted they cannot be deleted', async () => {
    const shop = shops.files!;
    const token = tokens.files!;
    const attached = await shop.upload();
    const loose = await shop.upload();
    // A file token that is no file of this merchant's is refused when the batch is submitted.
    await saveEvidence(shop, token, { invoice_or_receipt: 'file_nobody000000000000000' });
    const refused = await submit(shop, token);
    expect(refused.status).toBe(422);
    expect(refused.body.messages[0]).toMatchObject({ param: 'evidence' });
    expect((await shop.client.get(`/1/disputes/${token}`)).body.response.status).toBe('evidence_required');

    await saveEvidence(shop, token, {
      invoice_or_receipt: attached.token,
      additional_evidence: 'Signed for',
    });
    expect((await submit(shop, token)).status).toBe(200);
    const kept = await shop.client.del(`/1/files/${attached.token}`);
    expect(kept.status).toBe(400);
    expect(kept.body.error).toBe('dispute_evidence_already_submitted');
    expect((await shop.client.get(`/1/files/${attached.token}`)).status).toBe(200);
    // A file the evidence does not name is the merchant's to delete.
    expect((await shop.client.del(`/1/files/${loose.token}`)).status).toBe(204);
  });

  it('decides on the evidence, withdraws, arbitrates and expires as the days pass', async () => {
    await saveEvidence(shops.lost!, tokens.lost!, { proof_of_delivery_or_service: 'losing_evidence' });
    await submit(shops.lost!, tokens.lost!);
    await saveEvidence(shops.resolved!, tokens.resolved!, { invoice_or_receipt: 'text' });
    await submit(shops.resolved!, tokens.resolved!);
    await saveEvidence(shops.arbitrationWon!, tokens.arbitrationWon!, {
      additional_evidence: 'winning_evidence',
    });
    await submit(shops.arbitrationWon!, tokens.arbitrationWon!);
    await saveEvidence(shops.arbitrationLost!, tokens.arbitrationLost!, { additional_evidence: 'nothing' });
    await submit(shops.arbitrationLost!, tokens.arbitrationLost!);

    // Day 3 after opening the issuer withdraws; day 5 after submission it decides.
    await advanceClock(stack, 5 * day + 60);
    const statusOf = async (name: string) =>
      (await shops[name]!.client.get(`/1/disputes/${tokens[name]}`)).body.response.status;
    expect(await statusOf('won')).toBe('won');
    expect(await statusOf('lost')).toBe('lost');
    expect(await statusOf('cancelled')).toBe('cancelled');
    expect(await statusOf('resolved')).toBe('resolved');
    expect(await statusOf('arbitrationWon')).toBe('arbitration_under_review');
    expect(await statusOf('expired')).toBe('evidence_required');
    await eventOf(shops.won!, 'dispute.won', tokens.won!);
    await eventOf(shops.lost!, 'dispute.lost', tokens.lost!);
    await eventOf(shops.cancelled!, 'dispute.cancelled', tokens.cancelled!);
    await eventOf(shops.resolved!, 'dispute.resolved', tokens.resolved!);
    await eventOf(shops.arbitrationWon!, 'dispute.arbitration_under_review', tokens.arbitrationWon!);

    // Won: the amount back, the fee kept; the proceeds have settled (day 7).
    expect((await balanceOf(shops.won!)).available).toEqual([{ amount: 952 - 2500, currency: 'AUD' }]);
    expect((await balanceOf(shops.lost!)).available).toEqual([{ amount: 952 - 3500, currency: 'AUD' }]);
    expect((await balanceOf(shops.cancelled!)).available).toEqual([{ amount: 952 - 2500, currency: 'AUD' }]);
    const activity = (await shops.won!.client.get(`/1/disputes/${tokens.won}/activity`)).body.response;
    expect(activity.map((step: { type: string }) => step.type)).toEqual([
      'evidence_required',
      'evidence_under_review',
      'won',
    ]);

    // Arbitration decides ten days on; by then the evidence deadline (day 14) has passed too.
    await advanceClock(stack, 10 * day);
    expect(await statusOf('arbitrationWon')).toBe('arbitration_won');
    expect(await statusOf('arbitrationLost')).toBe('arbitration_lost');
    expect(await statusOf('expired')).toBe('expired');
    await eventOf(shops.arbitrationWon!, 'dispute.arbitration_won', tokens.arbitrationWon!);
    await eventOf(shops.arbitrationLost!, 'dispute.arbitration_lost', tokens.arbitrationLost!);
    await eventOf(shops.expired!, 'dispute.expired', tokens.expired!);
    expect((await balanceOf(shops.arbitrationWon!)).available).toEqual([
      { amount: 952 - 2500, currency: 'AUD' },
    ]);
    expect((await balanceOf(shops.expired!)).available).toEqual([{ amount: 952 - 3500, currency: 'AUD' }]);
    expect(
      (await shops.expired!.client.get(`/1/charges/${shops.expired!.charge}`)).body.response
        .active_chargebacks,
    ).toBe(false);
  });
});
