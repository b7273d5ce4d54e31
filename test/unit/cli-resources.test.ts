import type { Route } from '@wattle/routes';
import { describe, expect, it } from 'vitest';
import { resourcePath, resourcePaths, resourcePathsOf } from '../../packages/cli/src/resources.ts';

const route = (method: Route['method'], path: string, auth: Route['auth'] = 'secret'): Route => ({
  method,
  path,
  fn: 'charges',
  auth,
});

describe("the CLI's resources", () => {
  it('are the collections of the route table a secret key lists and reads one by one', () => {
    expect(resourcePaths).toEqual({
      authorisations: '/1/authorisations',
      charges: '/1/charges',
      customers: '/1/customers',
      deposits: '/1/deposits',
      disputes: '/1/disputes',
      events: '/1/events',
      plans: '/1/plans',
      recipients: '/1/recipients',
      refunds: '/1/refunds',
      subscriptions: '/1/subscriptions',
      transfers: '/1/transfers',
      webhook_endpoints: '/1/webhook_endpoints',
      webhooks: '/1/webhooks',
    });
    expect(resourcePath('webhook-endpoints')).toBe('/1/webhook_endpoints');
    expect(resourcePath('balance')).toBeNull();
  });

  it("take a new resource's routes with no list of their own", () => {
    const table = [
      route('POST', '/1/widgets'),
      route('GET', '/1/widgets'),
      route('GET', '/1/widgets/{widget_token}'),
      // Not a collection the CLI reads: one object, a JSONP form, the partner's merchants.
      route('GET', '/1/balance'),
      { ...route('GET', '/1/cards', 'secret-or-publishable'), jsonp: true },
      route('GET', '/1/merchants', 'partner'),
      route('GET', '/1/merchants/{merchant_token}', 'partner'),
    ];
    expect(resourcePathsOf(table)).toEqual({ widgets: '/1/widgets' });
  });
});
