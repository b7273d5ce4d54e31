import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../packages/cli/src/args.ts';
import { helpFor } from '../../packages/cli/src/help.ts';

describe('npm run wattle -- merchants routing', () => {
  it('reads show, set and clear of a merchant account or a referred merchant', () => {
    expect(parseCommandLine(['merchants', 'routing', 'show', 'acct_1'], {})).toEqual({
      command: 'merchant-routing',
      action: 'show',
      merchant: 'acct_1',
      file: null,
      accounts: null,
      table: null,
      endpoint: null,
    });
    expect(
      parseCommandLine(
        [
          'merchants',
          'routing',
          'set',
          'mrch_1',
          '--file',
          'r.json',
          '--table',
          'T',
          '--accounts',
          'adyen-au, adyen-us',
        ],
        {},
      ),
    ).toMatchObject({
      action: 'set',
      merchant: 'mrch_1',
      file: 'r.json',
      table: 'T',
      accounts: ['adyen-au', 'adyen-us'],
    });
    expect(parseCommandLine(['merchants', 'routing', 'clear', 'acct_1'], {})).toMatchObject({
      action: 'clear',
    });
  });

  it("refuses what it cannot do: no file to set, a table without the deployment's accounts, no merchant", () => {
    expect(parseCommandLine(['merchants', 'routing', 'set', 'acct_1'], {})).toBe(
      'merchants routing set needs --file ROUTING.json',
    );
    expect(
      parseCommandLine(['merchants', 'routing', 'set', 'acct_1', '--file', 'r.json'], {
        WATTLE_TABLE_NAME: 'T',
      }),
    ).toMatch(/^merchants routing set --table needs --accounts NAME,NAME/);
    expect(parseCommandLine(['merchants', 'routing', 'show', 'ch_1'], {})).toMatch(
      /needs a merchant's account/,
    );
    expect(parseCommandLine(['merchants', 'routing', 'sho', 'acct_1'], {})).toMatch(/show, set and clear/);
    expect(helpFor('merchants')).toContain('merchants routing set MERCHANT --file ROUTING.json');
  });
});
