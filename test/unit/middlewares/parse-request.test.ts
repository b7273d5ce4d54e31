import { routes } from '@wattle/routes';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../../packages/http/src/api-request.ts';
import { parsedRequestOf, parseRequest } from '../../../packages/http/src/middlewares/parse-request.ts';
import { readBody } from '../../../packages/http/src/middlewares/read-body.ts';
import type { ApiEvent } from '../../../packages/http/src/middlewares/types.ts';
import { apiEvent, ok, run } from './harness.ts';

const route = (key: string) => routes.find((r) => `${r.method} ${r.path}` === key)!;
const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

/** The request a route handler would get for `event`. */
const parse = async (key: string, event: ApiEvent): Promise<ApiRequest> => {
  const chosen = route(key);
  await run([...(chosen.method === 'GET' ? [] : readBody()), parseRequest(chosen)], ok, event);
  return parsedRequestOf(event)!;
};

describe('parseRequest', () => {
  it('gives the route, its key, the environment of the stage, parameters and nested query fields', async () => {
    const api = await parse(
      'GET /1/charges/{charge_token}',
      apiEvent({
        path: '/live/1/charges/ch_1',
        stage: 'live',
        rawQueryString: 'expand[]=card&page=2',
        pathParameters: { charge_token: 'ch_1' },
        headers: { host: 'api.example', 'x-forwarded-proto': 'https', 'idempotency-key': 'k' },
      }),
    );
    expect(api.routeKey).toBe('GET /1/charges/{charge_token}');
    expect(api.environment).toBe('live');
    expect(api.params).toEqual({ charge_token: 'ch_1' });
    expect(plain(api.query)).toEqual({ expand: ['card'], page: '2' });
    expect(api.idempotencyKey).toBe('k');
    expect(api.sourceIp).toBe('203.0.113.9');
  });

  it('takes the body readBody parsed, but none on a GET', async () => {
    const post = await parse(
      'POST /1/customers',
      apiEvent({
        method: 'POST',
        body: 'email=a%40b.co&card[number]=4200000000000000',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(plain(post.body)).toEqual({ email: 'a@b.co', card: { number: '4200000000000000' } });
    const get = await parse('GET /1/customers', apiEvent({ body: 'email=a%40b.co' }));
    expect(Object.keys(get.body)).toEqual([]);
  });

  it('makes a JSONP GET the POST it stands for, its fields from the query string', async () => {
    const api = await parse(
      'GET /1/cards.json',
      apiEvent({
        path: '/test/1/cards.json',
        rawQueryString: 'callback=Pin.cb&_method=POST&_=123&number=4200000000000000&publishable_api_key=pk',
      }),
    );
    expect(api.jsonpCallback).toBe('Pin.cb');
    expect(plain(api.body)).toEqual({ number: '4200000000000000', publishable_api_key: 'pk' });
  });

  it('refuses a JSONP request without a valid callback (400) or without _method=POST (404)', async () => {
    const jsonp = (query: string) =>
      parse('GET /1/cards', apiEvent({ path: '/test/1/cards', rawQueryString: query }));
    await expect(jsonp('_method=POST&callback=alert(1)')).rejects.toMatchObject({ code: 'bad_request' });
    await expect(jsonp('_method=POST')).rejects.toMatchObject({ code: 'bad_request' });
    await expect(jsonp('callback=cb')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses a stage that is no environment', async () => {
    await expect(parse('GET /1/balance', apiEvent({ stage: 'prod' }))).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
