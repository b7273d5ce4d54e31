import { matchRoute, routeKey, routes } from '@wattle/routes';
import { describe, expect, it } from 'vitest';

describe('route table', () => {
  it('matches paths with parameters', () => {
    const match = matchRoute('DELETE', '/1/customers/cus_abc/cards/card_def');
    expect(match && routeKey(match.route)).toBe('DELETE /1/customers/{customer_token}/cards/{card_token}');
    expect(match?.pathParameters).toEqual({ customer_token: 'cus_abc', card_token: 'card_def' });
  });

  it('does not match another method or a longer path', () => {
    expect(matchRoute('PATCH', '/1/customers')).toBeNull();
    expect(matchRoute('GET', '/1/customers/cus_abc/nope')).toBeNull();
    expect(matchRoute('GET', '/1/customers/%E0%A4%A')).toBeNull();
  });

  it('has each route key once', () => {
    const keys = routes.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
