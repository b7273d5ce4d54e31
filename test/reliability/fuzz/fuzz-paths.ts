import { type TokenPrefix, tokenPrefixes } from '@wattle/domain';
import { type Route, routes } from '@wattle/routes';
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { pathTokenPrefixes } from '../../../packages/http/src/path-tokens.ts';
import { hangNet } from '../../helpers/hang-net.ts';
import { useTable } from '../../helpers/table.ts';
import { type CallResult, type InProcessApi, inProcessApi } from '../harness/in-process-api.ts';
import { isPinErrorBody } from '../harness/pin-shape.ts';
import { routeTokens, validBodyOf } from './route-fixtures.ts';

/** Every route with a token in its path. */
const tokenRoutes = (): Route[] => routes.filter((route) => route.path.includes('{'));

/** A token of the right shape that names nothing. */
const unknownToken = (prefix: TokenPrefix): string => `${prefix}_${'0'.repeat(22)}`;

/** The token that once answered 500 on every such route, tried first on every run. */
const overKeySize = (prefix: TokenPrefix): [string] => [`${prefix}_${'a'.repeat(3_000)}`];

/**
 * Tokens that cannot exist: far over DynamoDB's key size (which once answered 500), the right
 * prefix with the wrong length or characters, another resource's token, and anything at all.
 */
const oddToken = (prefix: TokenPrefix): fc.Arbitrary<string> =>
  fc.oneof(
    fc.integer({ min: 1_000, max: 5_000 }).map((n) => `${prefix}_${'a'.repeat(n)}`),
    fc.string({ minLength: 2_000, maxLength: 4_000 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 }),
    fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/).map((body) => `${prefix}_${body}`),
    fc.constantFrom(...Object.values(tokenPrefixes)).map(unknownToken),
    fc.constantFrom('self', '..', '.', '%', '#', '?x=1', ' ', 'null', 'undefined', '__proto__', '0'),
  );

const keyFor = (route: Route, api: InProcessApi): string | null =>
  route.auth === 'partner' ? api.partnerKey : route.auth === 'none' ? null : api.secretKey;

const errorOf = (res: CallResult): { status: number; error: unknown } => ({
  status: res.status,
  error: res.body?.error,
});

/**
 * Property-based fuzzing of the tokens in paths and of `session_token` in the query: every token
 * that cannot exist answers no 5xx, a Pin error body (a processor's route: its own plain 404), and
 * the same 404 an unknown token of the right shape gets (the other parameters of the path are real
 * resources, the body a valid one).
 */
export const describePathFuzzing = (options: { numRuns: number; timeoutMs: number }): void => {
  const table = useTable();
  let api: InProcessApi;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    api = await inProcessApi(table, inject('ddbEndpoint'));
    tokens = await routeTokens(api);
  });

  const call = (route: Route, params: Record<string, string>) => {
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]!));
    const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : validBodyOf(route, tokens);
    return api.call(route.method, path, body, { key: keyFor(route, api) });
  };

  describe('every token in a path', () => {
    for (const route of tokenRoutes()) {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
      for (const name of names) {
        it(`${route.method} ${route.path}: ${name}`, { timeout: hangNet(options.timeoutMs) }, async () => {
          const prefix = pathTokenPrefixes[name]!;
          const realOr = (other: string) => tokens[other] ?? unknownToken(pathTokenPrefixes[other]!);
          const params = (token: string) =>
            Object.fromEntries(names.map((other) => [other, other === name ? token : realOr(other)]));
          const unknown = errorOf(await call(route, params(unknownToken(prefix))));
          expect(unknown.status, JSON.stringify(unknown)).toBe(404);
          await fc.assert(
            fc.asyncProperty(oddToken(prefix), async (token) => {
              const res = await call(route, params(token));
              const what = `${route.method} ${route.path} ${name}=${JSON.stringify(token).slice(0, 200)} → ${res.status} ${res.text.slice(0, 300)}`;
              expect(res.status, what).toBeLessThan(500);
              // A processor's route answers the processor in its own words (plain text), not Pin's;
              // an account name that cannot exist is its 404 all the same.
              if (route.caller === 'processor') expect(res.status, what).toBe(404);
              else expect(isPinErrorBody(res.body), what).toBe(true);
              // A token with a slash in it reaches no route of this shape: the router's own 404.
              if (!token.includes('/') && token.trim() !== '') expect(errorOf(res), what).toEqual(unknown);
            }),
            { numRuns: options.numRuns, examples: [overKeySize(prefix)] },
          );
        });
      }
    }
  });

  it('GET /1/charges/verify: session_token', { timeout: hangNet(options.timeoutMs) }, async () => {
    const verify = (token: string) =>
      api.call('GET', `/1/charges/verify?session_token=${encodeURIComponent(token)}`, undefined, {
        key: api.liveSecretKey,
        stage: 'live',
      });
    const unknown = errorOf(await verify(unknownToken('se')));
    expect(unknown).toEqual({ status: 404, error: 'not_found' });
    await fc.assert(
      fc.asyncProperty(oddToken('se'), async (token) => {
        const res = await verify(token);
        const what = `session_token=${JSON.stringify(token).slice(0, 200)} → ${res.status} ${res.text.slice(0, 300)}`;
        expect(errorOf(res), what).toEqual(unknown);
      }),
      { numRuns: options.numRuns, examples: [overKeySize('se')] },
    );
  });
};
