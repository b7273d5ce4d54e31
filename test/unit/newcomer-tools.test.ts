import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseApiCommand } from '../../packages/cli/src/api-args.ts';
import { commandWords, helpFor, unknownCommand } from '../../packages/cli/src/help.ts';
import { objectText } from '../../packages/cli/src/object-text.ts';
import { didYouMean } from '../../packages/cli/src/suggest.ts';
import { readFixedKeys } from '../../packages/local/src/fixed-keys.ts';
import { stagelessPathProblem } from '../../packages/local/src/stageless.ts';
// @ts-expect-error: a plain .mjs script of the repository, without types
import { engineWarningFilter, engineWarningSummary } from '../../scripts/npm-engine-warnings.mjs';

describe('fixed keys', () => {
  const file = (content: unknown) => {
    const path = join(mkdtempSync(join(tmpdir(), 'wattle-keys-')), 'keys.json');
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  const testSecret = 'sk_test_aaaaaaaaaaaaaaaaaaaa';

  it('reads any of the five from a file in local.json’s shape, the variables winning key by key', () => {
    const localJson = file({
      test: { baseUrl: 'http://localhost:4010/test', secretKey: testSecret },
      partnerKey: 'pt_bbbbbbbbbbbbbbbbbbbb',
      clockUrl: 'http://localhost:4010/_local/clock',
    });
    expect(readFixedKeys(localJson, {})).toEqual({
      test: { secretKey: testSecret },
      partnerKey: 'pt_bbbbbbbbbbbbbbbbbbbb',
    });
    expect(
      readFixedKeys(localJson, {
        WATTLE_PARTNER_KEY: 'pt_cccccccccccccccccccc',
        WATTLE_LIVE_PUBLISHABLE_KEY: 'pk_live_dddddddddddddddddddd',
      }),
    ).toEqual({
      test: { secretKey: testSecret },
      live: { publishableKey: 'pk_live_dddddddddddddddddddd' },
      partnerKey: 'pt_cccccccccccccccccccc',
    });
    expect(readFixedKeys(null, {})).toEqual({});
  });

  it('refuses a key of another kind, environment or too short, and a file that is no object', () => {
    expect(() => readFixedKeys(null, { WATTLE_TEST_SECRET_KEY: 'sk_live_aaaaaaaaaaaaaaaaaaaa' })).toThrow(
      'WATTLE_TEST_SECRET_KEY must be a key starting sk_test_',
    );
    expect(() => readFixedKeys(null, { WATTLE_TEST_PUBLISHABLE_KEY: 'pk_test_short' })).toThrow(
      /at least 16/,
    );
    expect(() => readFixedKeys(file({ live: { secretKey: 'sk_live_has spaces in it ok' } }), {})).toThrow(
      /live\.secretKey in .*keys\.json must be a key starting sk_live_/,
    );
    expect(() => readFixedKeys(file('[]'), {})).toThrow(/must hold a JSON object/);
    expect(() => readFixedKeys(file('{'), {})).toThrow(/--keys-from/);
  });

  it('says a file is not JSON without echoing any of it: a bare key would show its prefix and secret characters', () => {
    const bare = `${testSecret}\n`;
    let message = '';
    try {
      readFixedKeys(file(bare), {});
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/--keys-from .*keys\.json is not JSON/);
    expect(message).not.toContain('sk_');
    for (let at = 0; at + 4 <= testSecret.length; at++)
      expect(message).not.toContain(testSecret.slice(at, at + 4));
  });
});

describe('a path without the stage', () => {
  it('names /test/1/… and /live/1/… for an API path, and nothing for any other', () => {
    expect(stagelessPathProblem('//1/charges/')).toBe(
      '/1/charges has no stage: the API is under /test/1/… (test keys) and /live/1/… (live keys), e.g. /test/1/charges',
    );
    for (const path of ['/test/1/charges', '/live/1/nothing', '/', '/favicon.ico', '/2/charges'])
      expect(stagelessPathProblem(path)).toBeNull();
  });
});

describe('the command line’s help and suggestions', () => {
  it('answers a Stripe event name with Pin’s equivalent', () => {
    expect(parseApiCommand(['trigger', 'charge.succeeded'])).toBe(
      'No trigger for charge.succeeded. Did you mean charge.captured? (Stripe’s charge.succeeded is Pin’s charge.captured) trigger --list names them.',
    );
    expect(parseApiCommand(['trigger', 'charge.refunded'])).toMatch(/Did you mean refund\.succeeded\?/);
    expect(parseApiCommand(['events', 'tail', '--type', 'charge.dispute.created'])).toMatch(
      /^No event type charge\.dispute\.created\. Did you mean dispute\.evidence_required\? \(Stripe’s/,
    );
    expect(parseApiCommand(['trigger', 'invoice.payment_failed'])).toMatch(
      /Did you mean subscription\.renewal_failed\?/,
    );
  });

  it('puts the everyday commands first and the admin ones last', () => {
    const help = helpFor(undefined);
    const at = (text: string) => {
      expect(help).toContain(text);
      return help.indexOf(text);
    };
    const order = [
      'RESOURCE list',
      'wattle -- listen',
      'wattle -- trigger',
      'wattle -- events tail',
      'wattle -- logs tail',
      'wattle -- accounts create',
      'wattle -- merchants activate',
      'customers backfill-card-owners',
    ].map(at);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('has help of its own for every command word', () => {
    for (const word of commandWords.filter((w) => w !== 'help')) {
      const help = helpFor(word);
      expect(help, word).not.toBe(helpFor(undefined));
      expect(help, word).toMatch(/npm run (-s )?wattle -- /);
    }
  });

  it('suggests a word a letter or two off, and nothing for one far from all', () => {
    expect(didYouMean('charge.capture', ['charge.captured', 'charge.failed'])).toBe(
      ' Did you mean charge.captured?',
    );
    expect(didYouMean('trigerr', commandWords)).toBe(' Did you mean trigger?');
    expect(didYouMean('frobnicate', commandWords)).toBe('');
    expect(unknownCommand('balanse')).toBe(
      'Unknown command "balanse". Did you mean balance? npm run wattle -- --help lists them.',
    );
    expect(parseApiCommand(['trigger', 'charge.capture'])).toBe(
      'No trigger for charge.capture. Did you mean charge.captured? trigger --list names them.',
    );
    expect(parseApiCommand(['trigger', 'charge.captured'])).toMatchObject({ command: 'trigger' });
    expect(parseApiCommand(['charges', 'lst'])).toMatch(/Did you mean list\?$/);
    expect(parseApiCommand(['reset'])).toMatchObject({ command: 'reset' });
    expect(
      parseApiCommand(['events', 'tail', '--type', 'charge.captured', '--type', 'refund.succeded']),
    ).toBe('No event type refund.succeded. Did you mean refund.succeeded?');
  });
});

describe('an object as text', () => {
  it('prints a line per field, nested ones by path, names in one column', () => {
    expect(
      objectText({
        available: [{ amount: 1000, currency: 'AUD' }],
        pending: [],
        card: { brand: 'visa', address_line2: null },
      }),
    ).toBe(
      [
        'available[0].amount    1000',
        'available[0].currency  AUD',
        'pending                (none)',
        'card.brand             visa',
        'card.address_line2     -',
      ].join('\n'),
    );
  });
});

describe('the first install on an older Node', () => {
  it('leaves out npm’s EBADENGINE warnings, and only them, and says so in one line', () => {
    const filter = engineWarningFilter();
    const stderr = [
      'npm warn EBADENGINE Unsupported engine {',
      "npm warn EBADENGINE   package: '@middy/core@7.9.2',",
      "npm warn EBADENGINE   required: { node: '>=22' },",
      "npm warn EBADENGINE   current: { node: 'v20.20.2', npm: '11.19.1' }",
      'npm warn EBADENGINE }',
      "npm warn EBADENGINE   package: 'vitest@5.1.1',",
      'npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported',
      'npm error code ERESOLVE',
    ];
    expect(stderr.filter((line) => filter.keep(line))).toEqual(stderr.slice(6));
    expect(filter.packages).toEqual(['@middy/core@7.9.2', 'vitest@5.1.1']);
    expect(engineWarningSummary(filter.packages, '20.20.2', '22.23.3')).toBe(
      "npm ran on Node 20.20.2, which 2 package(s) find too old (npm's EBADENGINE warnings, not shown); the project's scripts run on Node 22.23.3.",
    );
    expect(engineWarningSummary([], '22.23.3', '22.23.3')).toBeNull();
  });
});
