import { describe, expect, it } from 'vitest';
import { knownDifferences } from '../conformance/known-differences.ts';
import { type Report, reasonFor, reasons } from '../conformance/reasons.ts';
import { allRecordings, type RecordedExchange, replayedExchanges } from '../conformance/recordings.ts';
import type { Json } from '../conformance/shape.ts';

/** The reasons list-differences.ts gives the conformance suite's differences (test/conformance/). */
const exchange = (session: string, n: number, path: string, body: Json, status = 200): RecordedExchange => ({
  id: `${session} #${n}`,
  session,
  file: 'test/fixtures/x.fixture',
  recordedAt: `${session.slice(-10)}T08:00:00Z`,
  request: { method: 'GET', path },
  response: { status, body },
});

const charge = (fields: Record<string, Json>) => ({ response: { token: 'ch_x', ...fields } });

describe('reasonFor', () => {
  const then = exchange('get_charge 2020-06-01', 1, '/1/charges/ch_EDQYGnLPQMh6PO_f0aZZGw', charge({}));
  const since = exchange(
    'get_charge 2024-11-11',
    1,
    '/1/charges/ch_KycL0l8wrf7VisIiOhkMGA',
    charge({ platform_fees: 0, status_message: 'Success' }),
  );
  const exchanges = [then, since];

  it("is later when the session's latest recording answers there as we do", () => {
    const report: Report = { [then.id]: ['response.platform_fees: missing vs integer'], [since.id]: [] };
    expect(reasonFor(then, 'response.platform_fees: missing vs integer', exchanges, report)).toBe(
      'pinAddedSince',
    );
  });

  it('is not later when the latest recording differs there too, or holds another kind than ours', () => {
    const difference = 'response.platform_fees: missing vs integer';
    const both: Report = {
      [then.id]: [difference],
      [since.id]: ['response.platform_fees: string vs integer'],
    };
    expect(reasonFor(then, difference, exchanges, both)).toBeUndefined();
    const other = 'response.platform_fees: missing vs null';
    expect(reasonFor(then, other, exchanges, { [then.id]: [other], [since.id]: [] })).toBeUndefined();
  });

  it('is not later without a later recording of the same ask', () => {
    const elsewhere = { ...since, request: { method: 'GET' as const, path: '/1/charges' } };
    const report: Report = { [then.id]: ['response.platform_fees: missing vs integer'], [since.id]: [] };
    expect(reasonFor(then, 'response.platform_fees: missing vs integer', [then, elsewhere], report)).toBe(
      undefined,
    );
  });

  it("takes a rule's reason otherwise, a rule for some exchanges only for those", () => {
    const status = 'response.status_message: "Successful Authorisation" vs "Success"';
    expect(reasonFor(since, status, exchanges, {})).toBe('seedAuthorisationStatus');
    const empty = 'response: items vs empty';
    const refunds = exchange('refunds/get_all 2020-06-02', 1, '/1/refunds', { response: [] });
    expect(reasonFor(refunds, empty, [refunds], {})).toBe('madeBeforeRecording');
    expect(reasonFor(since, empty, exchanges, {})).toBeUndefined();
  });
});

describe('known-differences.ts', () => {
  it('gives each difference the reason the rules give it, as list-differences.ts writes it', () => {
    const exchanges = [...allRecordings().values()].flatMap((recordings) => replayedExchanges(recordings));
    const report: Report = Object.fromEntries(
      exchanges.map((one) => [one.id, Object.keys(knownDifferences[one.id] ?? {})]),
    );
    const wrong = exchanges.flatMap((one) =>
      Object.entries(knownDifferences[one.id] ?? {})
        .filter(([difference, reason]) => {
          const name = reasonFor(one, difference, exchanges, report);
          return name === undefined || reasons[name] !== reason;
        })
        .map(([difference]) => `${one.id}: ${difference}`),
    );
    expect(wrong).toEqual([]);
  });
});
