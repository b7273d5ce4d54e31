import { PinError } from '@wattle/domain';
import { routes } from '@wattle/routes';
import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../../packages/http/src/middlewares/parse-request.ts';
import { pinErrors } from '../../../packages/http/src/middlewares/pin-errors.ts';
import { requestId } from '../../../packages/http/src/middlewares/request-id.ts';
import { apiEvent, fakeLogger, ok, run } from './harness.ts';

const balance = routes.find((route) => route.path === '/1/balance')!;

describe('requestId', () => {
  it("stamps API Gateway's request id on the response and logs one line for the request", async () => {
    const { logger, asLogger } = fakeLogger();
    const event = apiEvent({ path: '/live/1/balance', stage: 'live' });
    const response = await run([requestId(asLogger), parseRequest(balance)], ok, event);
    expect(response.headers?.['X-Request-Id']).toBe('req-1');
    expect(logger.info).toHaveBeenCalledOnce();
    expect(logger.info.mock.calls[0]).toEqual([
      'request',
      expect.objectContaining({
        requestId: 'req-1',
        stage: 'live',
        status: 200,
        route: 'GET /live/1/balance',
      }),
    ]);
    // Every line logged during the request names it: Powertools' keys, cleared after the invocation.
    expect(logger.appendKeys).toHaveBeenCalledWith({
      route: 'GET /live/1/balance',
      stage: 'live',
      requestId: 'req-1',
    });
  });

  it('stamps and logs errors answered inside, and never logs the body', async () => {
    const { logger, asLogger } = fakeLogger();
    const event = apiEvent({ method: 'POST', body: 'card[number]=4200000000000000' });
    const response = await run(
      [requestId(asLogger), pinErrors(asLogger)],
      async () => {
        throw new PinError('not_found');
      },
      event,
    );
    expect(response.statusCode).toBe(404);
    expect(response.headers?.['X-Request-Id']).toBe('req-1');
    expect(logger.info.mock.calls[0]?.[1]).toMatchObject({ status: 404 });
    expect(JSON.stringify(logger.info.mock.calls)).not.toContain('4200000000000000');
  });
});
