import middy from '@middy/core';
import httpRouterHandler from '@middy/http-router';
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { stagePrefix } from '../../../packages/http/src/middlewares/stage-prefix.ts';
import type { ApiEvent, ApiResponse } from '../../../packages/http/src/middlewares/types.ts';
import { apiEvent, run } from './harness.ts';

/** The path the router will match. */
const routedPath = async (event: ApiEvent): Promise<string> => {
  const response = await run(
    [stagePrefix()],
    async (seen) => ({
      statusCode: 200,
      body: seen.requestContext.http.path,
    }),
    event,
  );
  return response.body as string;
};

describe('stagePrefix', () => {
  it("takes a named stage's prefix off the path the router matches, keeping rawPath", async () => {
    const event = apiEvent({ path: '/live/1/charges/ch_1', stage: 'live' });
    expect(await routedPath(event)).toBe('/1/charges/ch_1');
    expect(event.rawPath).toBe('/live/1/charges/ch_1');
    expect(await routedPath(apiEvent({ path: '/test', stage: 'test' }))).toBe('/');
  });

  it('reads the path by the route table rule: runs of slashes as one, no trailing slash', async () => {
    expect(await routedPath(apiEvent({ path: '/test//1/cards', stage: 'test' }))).toBe('/1/cards');
    expect(await routedPath(apiEvent({ path: '//live//1/charges/ch_1/', stage: 'live' }))).toBe(
      '/1/charges/ch_1',
    );
    expect(await routedPath(apiEvent({ path: '//1/charges/', stage: 'live' }))).toBe('/1/charges');
    const event = apiEvent({ path: '/test//1/cards', stage: 'test' });
    await routedPath(event);
    expect(event.rawPath).toBe('/test//1/cards');
  });

  it('leaves a custom domain path (no stage in it) as it is', async () => {
    expect(await routedPath(apiEvent({ path: '/1/charges', stage: 'live' }))).toBe('/1/charges');
    // Only the request's own stage is a prefix: /test on the live stage is a path like any other.
    expect(await routedPath(apiEvent({ path: '/test/1/charges', stage: 'live' }))).toBe('/test/1/charges');
    expect(await routedPath(apiEvent({ path: '/testing/1', stage: 'test' }))).toBe('/testing/1');
  });

  it('refuses a stage that is no environment of ours with a 404', async () => {
    await expect(routedPath(apiEvent({ path: '/1/charges', stage: '$default' }))).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('lets @middy/http-router match a named stage and a custom domain alike', async () => {
    const router = httpRouterHandler<ApiEvent, ApiResponse>([
      {
        method: 'GET',
        path: '/1/charges/{charge_token}',
        handler: async (event: ApiEvent) => ({ statusCode: 200, body: event.pathParameters?.charge_token }),
      },
    ]);
    const handler = middy<ApiEvent, ApiResponse>().use(stagePrefix()).handler(router);
    const context = { getRemainingTimeInMillis: () => 3000 } as unknown as Context;
    for (const event of [
      apiEvent({ path: '/live/1/charges/ch_1', stage: 'live' }),
      apiEvent({ path: '/1/charges/ch_1', stage: 'live' }),
    ]) {
      expect(await handler(event, context)).toEqual({ statusCode: 200, body: 'ch_1' });
    }
  });
});
