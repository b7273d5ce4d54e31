import { errorCatalogue } from '@wattle/domain';
import type { Route } from '@wattle/routes';
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { hangNet } from '../../helpers/hang-net.ts';
import { formBody } from '../../helpers/stack.ts';
import { useTable } from '../../helpers/table.ts';
import { type CallResult, type InProcessApi, inProcessApi } from '../harness/in-process-api.ts';
import { isPinErrorBody, prototypeSnapshot } from '../harness/pin-shape.ts';
import { type FuzzBody, fuzzBody, plantedProperty } from './body-arbitraries.ts';
import { bodyRoutes, pathOf, routeTokens, validBodyOf } from './route-fixtures.ts';

/** A failed request that still records something by design: a declined payment keeps its charge. */
const recordsItsFailure = (body: Record<string, unknown>): boolean =>
  typeof body.charge_token === 'string' || typeof body.authorisation_token === 'string';

/** A JSONP answer (always 200) read as the status and body it wraps. */
const unwrapJsonp = (res: CallResult): CallResult => {
  const wrapped = /^cb\(([\s\S]*)\);$/.exec(res.text);
  if (!wrapped) return res;
  const body = JSON.parse(wrapped[1] as string);
  const code = body?.error as keyof typeof errorCatalogue | undefined;
  const status = code === undefined ? 200 : (errorCatalogue[code]?.status ?? 500);
  return { ...res, status, body, text: wrapped[1] as string };
};

/** Bodies fuzzing once failed with, tried first on every run. */
const counterexamples: Record<string, FuzzBody[]> = {
  // A full refund (no amount) answered 500: the balance update named `consumed`, a reserved word.
  'POST /1/charges/{charge_token}/refunds': [{ encoding: 'json', body: {} }],
};

const keyFor = (route: Route, api: InProcessApi): string | null =>
  route.auth === 'partner' ? api.partnerKey : route.auth === 'none' ? null : api.secretKey;

/**
 * Property-based fuzzing of every POST and PUT route of the route table, in this process: each
 * body (random, a valid body with one field missing, mistyped, oversized, nested too deep or
 * polluting, hand-written bracket forms, broken JSON, other media types) must answer a 2xx or a
 * Pin-shaped 4xx, never a 5xx; a refused request commits no write (so changes and creates
 * nothing), and no request adds anything to a prototype.
 */
export const describeBodyFuzzing = (options: { numRuns: number; timeoutMs: number }): void => {
  const table = useTable();
  let api: InProcessApi;
  let tokens: Record<string, string>;
  const cleanPrototypes = prototypeSnapshot();

  beforeAll(async () => {
    api = await inProcessApi(table, inject('ddbEndpoint'));
    tokens = await routeTokens(api);
  });

  const send = (route: Route, path: string, request: FuzzBody): Promise<CallResult> => {
    const key = keyFor(route, api);
    if (route.jsonp) {
      // A GET that stands for a POST: the fields in the query string, the answer inside `cb(…);`.
      const fields = request.encoding === 'raw' ? request.body : formBody(request.body);
      return api
        .call('GET', `${path}?${fields}&callback=cb&_method=POST`, undefined, { key })
        .then(unwrapJsonp);
    }
    return request.encoding === 'raw'
      ? api.call(route.method, path, request.body, { encoding: 'raw', contentType: request.contentType, key })
      : api.call(route.method, path, request.body, { encoding: request.encoding, key });
  };

  describe('every POST and PUT body', () => {
    for (const route of bodyRoutes()) {
      it(`${route.method} ${route.path}`, { timeout: hangNet(options.timeoutMs) }, async () => {
        const path = pathOf(route, tokens);
        await fc.assert(
          fc.asyncProperty(fuzzBody(validBodyOf(route, tokens)), async (request) => {
            api.hooks.reset();
            const res = await send(route, path, request);
            const what = `${route.method} ${path} ${JSON.stringify(request).slice(0, 2000)} → ${res.status} ${res.text.slice(0, 500)}`;
            expect(res.status, what).toBeLessThan(500);
            expect(prototypeSnapshot(), what).toBe(cleanPrototypes);
            expect(({} as Record<string, unknown>)[plantedProperty], what).toBeUndefined();
            if (res.status >= 400) {
              expect(isPinErrorBody(res.body), what).toBe(true);
              if (!recordsItsFailure(res.body)) expect(api.hooks.committedWrites, what).toEqual([]);
            }
          }),
          {
            numRuns: options.numRuns,
            examples: (counterexamples[`${route.method} ${route.path}`] ?? []).map((body) => [body]),
          },
        );
      });
    }
  });
};
