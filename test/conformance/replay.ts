import { chargeFields } from '../helpers/fixtures.ts';
import type { Api, ApiResponse } from '../helpers/stack.ts';
import type { RecordedExchange } from './recordings.ts';
import type { Answer, Json } from './shape.ts';

/**
 * A recorded exchange sent again to a stack: the same method, path, query and body, with two
 * changes only. Each token the recording made (a charge's, a customer's…) becomes the one our
 * stack made in its place, and a token the recording had from elsewhere is made first (the
 * prerequisite: an uncaptured charge for a capture, a customer, a recipient…). A card's expiry
 * year moves by the years since the recording, so a card valid then is valid now.
 */

/** A Pin token anywhere in a text: prefix, `_`, 22 URL-safe characters. */
const tokenPattern = /(?<![A-Za-z0-9_-])([a-z]{2,5})_[A-Za-z0-9_-]{22}(?![A-Za-z0-9_-])/g;

const isObject = (value: Json | undefined): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ok = (res: ApiResponse, what: string): Json => {
  if (res.status >= 300) throw new Error(`prerequisite ${what} answered ${res.status}: ${res.text}`);
  return res.body.response as Json;
};

const tokenOf = (value: Json): string => {
  if (!isObject(value) || typeof value.token !== 'string')
    throw new Error(`no token in ${JSON.stringify(value)}`);
  return value.token;
};

const bankAccount = { name: 'Rubius Hagrid', bsb: '806015', number: '123456' };
const recipient = { email: 'hagrid@hogwarts.wiz', name: 'Rubius Hagrid', bank_account: bankAccount };

/**
 * A card as the recordings' clients give one (a Mastercard test card, no postcode or state), so a
 * prerequisite's card answers as theirs did; an expiry well ahead.
 */
const card = {
  number: '5520000000000000',
  expiry_month: '12',
  expiry_year: String(new Date().getUTCFullYear() + 3),
  cvc: '321',
  name: 'Rubius Hagrid',
  address_line1: 'The Game Keepers Cottage',
  address_city: 'Hogwarts',
  address_country: 'England',
};
const charge = (fields: Record<string, unknown> = {}) => chargeFields({ card, ...fields });

/** Makes, on `client`'s account, a resource of the kind a token's prefix names. */
const makers: Record<string, (client: Api, usedBy: RecordedExchange) => Promise<string>> = {
  card: async (client) => tokenOf(ok(await client.post('/1/cards', card), 'card')),
  ch: async (client, usedBy) => {
    const uncaptured = /\/(capture|void)$/.test(usedBy.request.path);
    return tokenOf(
      ok(await client.post('/1/charges', charge(uncaptured ? { capture: false } : {})), 'charge'),
    );
  },
  cus: async (client) =>
    tokenOf(ok(await client.post('/1/customers', { email: 'hagrid@hogwarts.wiz', card }), 'customer')),
  ba: async (client) => tokenOf(ok(await client.post('/1/bank_accounts', bankAccount), 'bank account')),
  rp: async (client) => tokenOf(ok(await client.post('/1/recipients', recipient), 'recipient')),
  tfer: async (client) => {
    const to = tokenOf(ok(await client.post('/1/recipients', recipient), 'recipient'));
    const transfer = { amount: 5000, currency: 'AUD', description: 'Earnings', recipient: to };
    return tokenOf(ok(await client.post('/1/transfers', transfer), 'transfer'));
  },
  rf: async (client) => {
    const charged = tokenOf(ok(await client.post('/1/charges', charge()), 'charge'));
    return tokenOf(ok(await client.post(`/1/charges/${charged}/refunds`, {}), 'refund'));
  },
  whe: async (client) =>
    tokenOf(
      ok(
        await client.post('/1/webhook_endpoints', { url: 'https://example.com/webhooks' }),
        'webhook endpoint',
      ),
    ),
  // An event of the recorded one's type, from what the account did before (its funds at least).
  evt: async (client, usedBy) => {
    const recorded = usedBy.response.body;
    const type = isObject(recorded) && isObject(recorded.response) ? recorded.response.type : undefined;
    const events = ok(await client.get('/1/events?per_page=500'), 'events');
    const list = Array.isArray(events) ? events.filter(isObject) : [];
    return tokenOf(list.find((event) => event.type === type) ?? list[0] ?? null);
  },
};

/**
 * The replay of one source's recordings: an account of ours for each year recorded (as the
 * recording's test account, it holds what that year's sessions made before, so a list has items,
 * and no more webhook endpoints than one run makes), with an available balance for its transfers
 * (a charge on Pin's instant-proceeds test card), and each session's tokens and ours in their place.
 */
export class Replay {
  private client: Api | undefined;
  private year = '';
  private session = '';
  private ours = new Map<string, string>();

  constructor(private readonly newAccount: () => Promise<Api>) {}

  /** Sends `exchange` as recorded (tokens swapped, prerequisites made) and reads our answer. */
  async send(exchange: RecordedExchange): Promise<Answer> {
    const { request, response } = exchange;
    if (exchange.session !== this.session) {
      this.session = exchange.session;
      this.ours = new Map();
    }
    if (!this.client || exchange.recordedAt.slice(0, 4) !== this.year) {
      this.year = exchange.recordedAt.slice(0, 4);
      this.client = await this.newAccount();
      const funds = charge({ amount: 200_000, card: { ...card, number: '4000000000000077' } });
      ok(await this.client.post('/1/charges', funds), 'funds');
    }
    const client = this.client;
    // A token the recording was refused as unknown stays unknown here.
    const keepUnknown = response.status === 404;
    const text = JSON.stringify([request.path, request.query ?? '', request.body ?? null]);
    for (const [token, prefix] of text.matchAll(tokenPattern)) {
      if (this.ours.has(token) || keepUnknown) continue;
      const make = makers[prefix as string];
      if (make) this.ours.set(token, await make(client, exchange));
    }
    const swapped = text.replace(tokenPattern, (token) => this.ours.get(token) ?? token);
    const [path, query, body] = JSON.parse(swapped) as [string, string, Json];
    const url = query ? `${path}?${query}` : path;
    const sent = body === null ? undefined : JSON.stringify(movedExpiry(body, exchange.recordedAt));
    const options = { raw: true, contentType: request.contentType ?? 'application/json' };
    const res =
      request.method === 'GET'
        ? await client.get(url)
        : request.method === 'POST'
          ? await client.post(url, sent, options)
          : request.method === 'PUT'
            ? await client.put(url, sent, options)
            : await client.del(url, sent, options);
    const answer: Answer = { status: res.status, body: res.text === '' ? null : (res.body as Json) };
    this.learn(response.body, answer.body);
    return answer;
  }

  /** Notes, wherever the recorded answer and ours both hold a token of one kind, ours for theirs. */
  private learn(recorded: Json, ours: Json): void {
    if (!isObject(recorded) || !isObject(ours)) return;
    // A list's items are not the recording's items: only a single resource's tokens are paired.
    if (Array.isArray(recorded.response)) return;
    const pair = (a: Json | undefined, b: Json | undefined): void => {
      if (typeof a === 'string' && typeof b === 'string') {
        const kind = (token: string) => /^([a-z]{2,5})_[A-Za-z0-9_-]{22}$/.exec(token)?.[1];
        if (kind(a) && kind(a) === kind(b) && !this.ours.has(a)) this.ours.set(a, b);
        return;
      }
      if (isObject(a) && isObject(b)) for (const key of Object.keys(a)) pair(a[key], b[key]);
    };
    pair(recorded, ours);
  }
}

/** A card's (or a payment source's) expiry year moved by the years since `recordedAt`, in its own form. */
export const movedExpiry = (body: Json, recordedAt: string, now = new Date()): Json => {
  const years = now.getUTCFullYear() - Number(recordedAt.slice(0, 4));
  const move = (value: Json, key: string): Json => {
    if (key === 'expiry_year' && (typeof value === 'string' || typeof value === 'number')) {
      const moved = Number(value) + years;
      return typeof value === 'number' ? moved : String(moved).slice(-String(value).length);
    }
    if (Array.isArray(value)) return value.map((item) => move(item, ''));
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, move(v, k)]));
    return value;
  };
  return move(body, '');
};
