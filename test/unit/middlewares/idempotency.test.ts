import { createHash } from 'node:crypto';
import { type ApiKeyKind, PinError, type Scope } from '@wattle/domain';
import { KeyHeld, type StoredResponse, Unavailable } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../../packages/http/src/api-request.ts';
import { idempotency, keptAnswer } from '../../../packages/http/src/middlewares/idempotency.ts';
import { responseOf } from '../../../packages/http/src/middlewares/json-response.ts';
import { pinErrors } from '../../../packages/http/src/middlewares/pin-errors.ts';
import type { ApiResponse } from '../../../packages/http/src/middlewares/types.ts';
import { type ApiResult, resource } from '../../../packages/http/src/responses.ts';
import { apiEvent, fakeLogger, run, withRequest } from './harness.ts';

/** The idempotency repository in memory: the same methods, one record per scope and key. */
const fakeRepo = (options: { failWrites?: boolean } = {}) => {
  const records = new Map<string, { requestHash: string; response?: StoredResponse }>();
  const id = (scope: Scope, keyHash: string) => `${scope.accountId}/${scope.environment}/${keyHash}`;
  return {
    records,
    start: async (scope: Scope, keyHash: string, requestHash: string) => {
      const held = records.get(id(scope, keyHash));
      if (!held) {
        records.set(id(scope, keyHash), { requestHash });
        return { outcome: 'started' as const };
      }
      if (held.requestHash !== requestHash) return { outcome: 'mismatch' as const };
      return held.response
        ? { outcome: 'replay' as const, response: held.response }
        : { outcome: 'in-progress' as const };
    },
    complete: async (scope: Scope, keyHash: string, response: StoredResponse) => {
      if (options.failWrites) throw new Error('throttled');
      records.get(id(scope, keyHash))!.response = response;
    },
    release: async (scope: Scope, keyHash: string) => {
      if (options.failWrites) throw new Error('throttled');
      records.delete(id(scope, keyHash));
    },
  };
};

const clock = { now: () => new Date('2026-11-21T00:00:00Z') };
const scope: Scope = { accountId: 'acc_a', environment: 'test' };

const request = (
  body: Record<string, unknown>,
  method = 'POST',
  credential: ApiKeyKind = 'secret',
): Partial<ApiRequest> => ({
  route: { method, path: '/1/customers', fn: 'customers', auth: 'secret' } as ApiRequest['route'],
  routeKey: `${method} /1/customers`,
  params: {},
  body,
  scope,
  grant: { accountId: scope.accountId, kind: credential, environment: scope.environment },
});

const created = async (): Promise<ApiResponse> => ({
  statusCode: 201,
  headers: { 'Content-Type': 'application/json' },
  body: '{"n":1}',
});
const answering =
  (response: ApiResponse): (() => Promise<ApiResponse>) =>
  async () =>
    response;
const throttled = async (): Promise<ApiResponse> => {
  throw new Unavailable('throttled');
};

/** Sends one request through idempotency (and pinErrors inside it), counting handler calls. */
const sender = (repo: ReturnType<typeof fakeRepo>) => {
  const middleware = idempotency(repo, clock, fakeLogger().asLogger);
  let calls = 0;
  const send = (
    key: string | undefined,
    body: Record<string, unknown>,
    respond: () => Promise<ApiResponse> = created,
    method = 'POST',
    credential: ApiKeyKind = 'secret',
  ): Promise<ApiResponse> =>
    run(
      [
        // The parse reads the header into the request (parse-request.ts), where idempotency takes it.
        withRequest({ ...request(body, method, credential), idempotencyKey: key ?? null }),
        middleware,
        pinErrors(fakeLogger().asLogger),
      ],
      () => {
        calls++;
        return respond();
      },
      apiEvent({ method, headers: key === undefined ? {} : { 'idempotency-key': key } }),
    );
  return { send, calls: () => calls };
};

describe('idempotency', () => {
  it('tells uploads apart by their bytes: the same file replays, another file under the key is refused', async () => {
    const middleware = idempotency(fakeRepo(), clock, fakeLogger().asLogger);
    let calls = 0;
    const upload = (bytes: string) =>
      run(
        [
          withRequest({
            ...request({ purpose: 'dispute_evidence' }),
            idempotencyKey: 'k1',
            uploads: {
              file: { filename: 'a.pdf', contentType: 'application/pdf', bytes: Buffer.from(bytes) },
            },
          }),
          middleware,
          pinErrors(fakeLogger().asLogger),
        ],
        () => {
          calls++;
          return created();
        },
        apiEvent({ method: 'POST', headers: { 'idempotency-key': 'k1' } }),
      );
    await upload('%PDF-1 one');
    expect((await upload('%PDF-1 one')).headers?.['Idempotent-Replayed']).toBe('true');
    const other = await upload('%PDF-1 two');
    expect(other.statusCode).toBe(422);
    expect(JSON.parse(other.body as string).error).toBe('idempotency_key_reused');
    expect(calls).toBe(1);
  });

  it('replays the first answer to the same request with the same key, without running it again', async () => {
    const { send, calls } = sender(fakeRepo());
    const first = await send('k1', { email: 'a@b.co' });
    const again = await send('k1', { email: 'a@b.co' });
    expect(calls()).toBe(1);
    expect(again).toEqual({
      statusCode: 201,
      headers: { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' },
      body: first.body,
    });
  });

  it('treats the same fields in another order as the same request', async () => {
    const { send, calls } = sender(fakeRepo());
    await send('k1', { a: '1', b: '2' });
    expect((await send('k1', { b: '2', a: '1' })).headers?.['Idempotent-Replayed']).toBe('true');
    expect(calls()).toBe(1);
  });

  it('refuses the same key with another request (422), and while the first still runs (409)', async () => {
    const { send } = sender(fakeRepo());
    let during: ApiResponse | undefined;
    await send('k1', { email: 'a@b.co' }, async () => {
      during = await send('k1', { email: 'a@b.co' });
      return created();
    });
    expect(during?.statusCode).toBe(409);
    expect(JSON.parse(during?.body as string).error).toBe('idempotency_key_in_use');
    const other = await send('k1', { email: 'other@b.co' });
    expect(other.statusCode).toBe(422);
    expect(JSON.parse(other.body as string).error).toBe('idempotency_key_reused');
  });

  it('keeps no 5xx answer, so a retry with the key runs again', async () => {
    const { send, calls } = sender(fakeRepo());
    expect((await send('k1', {}, throttled)).statusCode).toBe(503);
    expect((await send('k1', {})).statusCode).toBe(201);
    expect(calls()).toBe(2);
  });

  it('keeps 4xx answers (Pin answers declines as 400s) and replays them', async () => {
    const { send, calls } = sender(fakeRepo());
    await send('k1', {}, answering({ statusCode: 400, headers: {}, body: '{"error":"declined"}' }));
    expect((await send('k1', {})).statusCode).toBe(400);
    expect(calls()).toBe(1);
  });

  it('ignores reads and requests without a key, and refuses a malformed key', async () => {
    const { send, calls } = sender(fakeRepo());
    await send('k1', {}, undefined, 'GET');
    await send('k1', {}, undefined, 'GET');
    await send(undefined, {});
    await send(undefined, {});
    expect(calls()).toBe(4);
    expect((await send('bad key', {})).statusCode).toBe(400);
  });

  it('keeps publishable-key and secret-key requests in separate key spaces', async () => {
    const repo = fakeRepo();
    const { send, calls } = sender(repo);
    expect((await send('order-123', { number: '4200' }, created, 'POST', 'publishable')).statusCode).toBe(
      201,
    );
    // The merchant's own request with the same key is not refused as a reuse: it runs, and replays.
    expect((await send('order-123', { amount: 400 })).statusCode).toBe(201);
    expect((await send('order-123', { amount: 400 })).headers?.['Idempotent-Replayed']).toBe('true');
    expect(calls()).toBe(2);
    // Secret-key requests keep the plain hash, so keys stored before still replay.
    const plain = createHash('sha256').update('order-123').digest('hex');
    expect(repo.records.get(`${scope.accountId}/${scope.environment}/${plain}`)?.requestHash).toBeDefined();
    expect(repo.records.size).toBe(2);
  });

  it('answers as the request did when keeping the answer fails', async () => {
    const { send } = sender(fakeRepo({ failWrites: true }));
    expect((await send('k1', {})).statusCode).toBe(201);
  });
});

describe('keptAnswer: a route whose own last write keeps its answer under the key', () => {
  /**
   * One request through idempotency and pinErrors whose handler keeps its answer as a payment's
   * settlement does: the flow gets the completion of `kept` and writes it (as PaymentsStore.commit
   * would), then returns `returned` (the same outcome, or another: a resumed payment).
   */
  const keyed = (repo: ReturnType<typeof fakeRepo>, present: (outcome: { n: number }) => ApiResult) => {
    const completes: StoredResponse[] = [];
    const counted = {
      ...repo,
      complete: async (s: Scope, k: string, r: StoredResponse) => {
        completes.push(r);
        await repo.complete(s, k, r);
      },
    };
    const middleware = idempotency(counted, clock, fakeLogger().asLogger);
    const send = (kept: { n: number }, returned: { n: number }) => {
      const api = { ...request({ amount: 400 }), idempotencyKey: 'k1' } as ApiRequest;
      return run([withRequest(api), middleware, pinErrors(fakeLogger().asLogger)], async () => {
        const answer = keptAnswer(api, present);
        for (const completion of answer.key?.answer(kept) ?? [])
          await repo.complete(scope, completion.keyHash, completion.response);
        return responseOf(answer.answer(returned));
      });
    };
    return { send, completes };
  };
  const approved = (outcome: { n: number }) => resource(201, outcome);
  const declined = (): ApiResult => {
    throw new PinError('card_declined');
  };

  it('writes nothing after the route’s own write, and replays what it kept', async () => {
    for (const present of [approved, declined]) {
      const { send, completes } = keyed(fakeRepo(), present);
      const outcome = { n: 1 };
      const first = await send(outcome, outcome);
      expect(completes).toEqual([]);
      const again = await send({ n: 2 }, { n: 2 });
      expect(again.headers?.['Idempotent-Replayed']).toBe('true');
      expect([again.statusCode, again.body]).toEqual([first.statusCode, first.body]);
      expect(first.statusCode).toBe(present === approved ? 201 : 400);
    }
  });

  it('keeps the answer as every route’s when the flow returns another outcome than the one it wrote', async () => {
    const { send, completes } = keyed(fakeRepo(), approved);
    const first = await send({ n: 1 }, { n: 2 });
    expect(JSON.parse(first.body as string).response).toEqual({ n: 2 });
    expect(completes.map((kept) => kept.body)).toEqual([first.body]);
  });

  it('gives no completion without a claimed key, nor for a 5xx', () => {
    const unkeyed = keptAnswer({ ...request({}), idempotencyKey: null } as ApiRequest, approved);
    expect(unkeyed.key).toBeUndefined();
    const failing = keptAnswer(
      {
        ...request({}),
        idempotencyKey: 'k1',
        idempotencyClaim: {
          keyHash: 'h',
          requestHash: 'r',
          state: 'claimed',
          times: () => ({ now: clock.now(), retentionSeconds: 60, lockSeconds: 60 }),
          claimAlone: async () => {},
        },
      } as ApiRequest,
      () => {
        throw new Unavailable('throttled');
      },
    );
    expect(failing.key?.answer({ n: 1 })).toEqual([]);
  });
});

describe('idempotency on a route whose flow claims the key with its own writes', () => {
  /** One request through the middleware (inWrites) and pinErrors; `respond` is the route. */
  const logged = fakeLogger();
  const inWrites = (repo: ReturnType<typeof fakeRepo>) => {
    const middleware = idempotency(repo, clock, logged.asLogger, { inWrites: true });
    return (respond: (api: ApiRequest) => Promise<ApiResponse>) => {
      const api = { ...request({ amount: 400 }), idempotencyKey: 'k1' } as ApiRequest;
      return run([withRequest(api), middleware, pinErrors(logged.asLogger)], () => respond(api));
    };
  };

  it('claims nothing before the route, and leaves the claim to its writes', async () => {
    const repo = fakeRepo();
    const send = inWrites(repo);
    await send(async (api) => {
      expect(api.idempotencyClaim?.state).toBe('deferred');
      expect(repo.records.size).toBe(0);
      // The flow's reservation carried the claim (as PaymentsStore.commit writes it).
      await repo.start(scope, api.idempotencyClaim!.keyHash, api.idempotencyClaim!.requestHash);
      api.idempotencyClaim!.state = 'claimed';
      return created();
    });
    const [held] = [...repo.records.values()];
    expect(held?.response?.statusCode).toBe(201);
  });

  it('claims the key when the route answers before its writes, keeping a 4xx but no 5xx', async () => {
    const repo = fakeRepo();
    const send = inWrites(repo);
    expect((await send(throttled)).statusCode).toBe(503);
    expect(repo.records.size).toBe(0);
    const refused = await send(answering({ statusCode: 422, headers: {}, body: '{"error":"invalid"}' }));
    expect(refused.statusCode).toBe(422);
    const again = await send(created);
    expect(again.headers?.['Idempotent-Replayed']).toBe('true');
    expect([again.statusCode, again.body]).toEqual([422, refused.body]);
  });

  it('answers a key held by another attempt as the claim before the route would have', async () => {
    const repo = fakeRepo();
    const send = inWrites(repo);
    const answers: ApiResponse[] = [];
    const first = await send(async (api) => {
      // The first request's reservation carried the claim.
      await api.idempotencyClaim!.claimAlone();
      // While it runs: a second one's writes refused by the held key (KeyHeld), and a third
      // answering before its writes, the key claimed then.
      answers.push(
        await send(async () => {
          throw new KeyHeld({ outcome: 'in-progress' });
        }),
      );
      answers.push(await send(answering({ statusCode: 400, headers: {}, body: '{}' })));
      return created();
    });
    expect(first.statusCode).toBe(201);
    // A held key is an answer, not a failure: nothing logged as one.
    expect(logged.logger.error).not.toHaveBeenCalled();
    expect(answers.map((answer) => [answer.statusCode, JSON.parse(answer.body as string).error])).toEqual([
      [409, 'idempotency_key_in_use'],
      [409, 'idempotency_key_in_use'],
    ]);
    // Once it answered: replayed to a request answering before its writes; a 5xx claims nothing.
    const again = await send(answering({ statusCode: 400, headers: {}, body: '{}' }));
    expect([again.statusCode, again.headers?.['Idempotent-Replayed']]).toEqual([201, 'true']);
    expect((await send(throttled)).statusCode).toBe(503);
  });
});

describe('idempotency on a request that claims no key', () => {
  it('answers at once, with no promise for middy to wait on, before and after the handler', () => {
    const middleware = idempotency(fakeRepo(), clock, fakeLogger().asLogger);
    const middyRequest = (method: string, headers: Record<string, string>) =>
      ({
        event: apiEvent({ method, headers }),
        context: {},
        response: { statusCode: 200, headers: {}, body: '{}' },
        error: undefined,
        internal: { api: { ...request({}, method), idempotencyKey: headers['idempotency-key'] ?? null } },
      }) as unknown as Parameters<NonNullable<typeof middleware.before>>[0];
    for (const sent of [middyRequest('GET', { 'idempotency-key': 'k1' }), middyRequest('POST', {})]) {
      expect(middleware.before?.(sent)).toBeUndefined();
      expect(middleware.after?.(sent)).toBeUndefined();
      expect(middleware.onError?.(sent)).toBeUndefined();
    }
  });
});
