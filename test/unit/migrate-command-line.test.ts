import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../packages/cli/src/args.ts';
import { helpFor } from '../../packages/cli/src/help.ts';

describe('npm run wattle -- migrate', () => {
  const env = {};

  it('reads status and run, on a table or the local stack', () => {
    expect(parseCommandLine(['migrate', 'status'], env)).toEqual({
      command: 'migrate',
      action: 'status',
      to: null,
      table: null,
      endpoint: null,
      json: false,
    });
    expect(parseCommandLine(['migrate', 'run', '--table', 'T', '--json'], env)).toMatchObject({
      action: 'run',
      table: 'T',
      json: true,
    });
    expect(parseCommandLine(['migrate', 'run'], { WATTLE_TABLE_NAME: 'fromEnv' })).toMatchObject({
      table: 'fromEnv',
    });
  });

  it('reads a rollback only with the version to go back to and a table', () => {
    expect(parseCommandLine(['migrate', 'rollback', '--to', '0', '--table', 'T'], env)).toMatchObject({
      action: 'rollback',
      to: 0,
      table: 'T',
    });
    expect(parseCommandLine(['migrate', 'rollback', '--table', 'T'], env)).toBe(
      'migrate rollback needs --to VERSION (0 or more): the version to go back to',
    );
    expect(parseCommandLine(['migrate', 'rollback', '--to', 'latest', '--table', 'T'], env)).toContain(
      'needs --to',
    );
    expect(parseCommandLine(['migrate', 'rollback', '--to', '1'], env)).toContain('needs --table');
  });

  it('says which actions there are, and has its help', () => {
    expect(parseCommandLine(['migrate', 'stats'], env)).toBe(
      'migrate has: migrate status, migrate run, migrate rollback. Did you mean status?',
    );
    expect(helpFor('migrate')).toContain('migrate rollback --to VERSION --table TABLE');
  });
});
