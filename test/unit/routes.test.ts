import { type HttpMethod, matchRoute, routeKey, routes } from '@wattle/routes';
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

  it('matches through its index as a scan of the whole table does, for every route', () => {
    // The reference: every route of the method, a literal segment beating a parameter.
    const scan = (method: string, path: string) => {
      const requested = path.split('/').filter((s) => s !== '');
      let best: { key: string; literals: number } | null = null;
      for (const route of routes.filter((r) => r.method === method)) {
        const segments = route.path.split('/').filter((s) => s !== '');
        if (segments.length !== requested.length) continue;
        const literals = segments.filter((s) => !s.startsWith('{')).length;
        const matches = segments.every((s, i) => s.startsWith('{') || s === requested[i]);
        if (matches && literals > (best?.literals ?? -1)) best = { key: routeKey(route), literals };
      }
      return best?.key ?? null;
    };
    const methods: HttpMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];
    const paths = routes.flatMap((route) => {
      const concrete = route.path.replace(/\{[^}]+\}/g, 'tok_1');
      return [concrete, `${concrete}/`, `${concrete}/extra`, concrete.split('/').slice(0, -1).join('/')];
    });
    for (const method of methods) {
      for (const path of paths) {
        const match = matchRoute(method, path);
        expect({ method, path, key: match && routeKey(match.route) }).toEqual({
          method,
          path,
          key: scan(method, path),
        });
      }
    }
  });
});
