import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { api, newMerchant } from '../helpers/stack.ts';
import { knownDifferences } from './known-differences.ts';
import { allRecordings, replayedExchanges, replayedFrom } from './recordings.ts';
import { Replay } from './replay.ts';
import { shapeDifferences } from './shape.ts';

/**
 * Answers recorded from the real Pin API by public client libraries (test/conformance/recordings/),
 * replayed against the shared stack of the run's engine and compared in shape
 * (test/conformance/shape.ts). Each exchange's differences must be exactly those listed in
 * known-differences.ts, each with its reason: a listed difference that disappears fails as much as
 * a new one, so the list shrinks as fixes land. WATTLE_CONFORMANCE_REPORT=<file> writes every
 * exchange's differences there, to write the list from. Every recording from replayedFrom on is
 * replayed on each engine: the memory engine's in `npm test`, DynamoDB's in `npm run
 * test:reliability` (vitest.config.ts: conformanceSuite).
 */

const report: Record<string, string[]> = {};
const reportFile = process.env.WATTLE_CONFORMANCE_REPORT;
afterAll(() => {
  if (reportFile) writeFileSync(reportFile, `${JSON.stringify(report, null, 1)}\n`);
});

for (const [file, recordings] of allRecordings()) {
  describe(`${recordings.source.repository} (${file})`, () => {
    const replay = new Replay(async () => {
      const merchant = await newMerchant();
      return api(merchant.test.baseUrl, merchant.test.secretKey);
    });

    for (const exchange of replayedExchanges(recordings, replayedFrom)) {
      const { method, path, query } = exchange.request;
      it(`${exchange.id}: ${method} ${path}${query ? `?${query}` : ''} (${exchange.response.status})`, async () => {
        const ours = await replay.send(exchange);
        const differences = shapeDifferences(exchange.response, ours);
        report[exchange.id] = differences;
        // In any order: a list's items, and so the differences found in them, come in the order of
        // their times, which may tie.
        const listed = Object.keys(knownDifferences[exchange.id] ?? {});
        expect(differences.toSorted(), 'the differences listed in known-differences.ts').toEqual(
          listed.toSorted(),
        );
      });
    }
  });
}

it('lists differences only for exchanges the suite replays', () => {
  const replayed = new Set(
    [...allRecordings().values()].flatMap((r) => replayedExchanges(r).map((e) => e.id)),
  );
  expect(Object.keys(knownDifferences).filter((id) => !replayed.has(id))).toEqual([]);
});
