import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseApiCommand } from '../../packages/cli/src/api-args.ts';
import { loopbackUrl } from '../../packages/cli/src/api-client.ts';
import { parseDuration } from '../../packages/cli/src/duration.ts';
import { listenSigningKey } from '../../packages/cli/src/listen.ts';
import { summaryLine } from '../../packages/cli/src/summary-line.ts';

describe('clock durations', () => {
  it('reads units s, m, h, d, one or more, and bare seconds', () => {
    expect(parseDuration('5d')).toBe(432_000);
    expect(parseDuration('1h30m')).toBe(5400);
    expect(parseDuration('90s')).toBe(90);
    expect(parseDuration('3600')).toBe(3600);
  });

  it('refuses anything else, and nothing at all', () => {
    for (const bad of ['', '0', '0d', '5w', '1.5h', '-1d', 'd5', '5 d', '1h 30m'])
      expect(parseDuration(bad)).toBeNull();
  });
});

describe('the API commands’ command line', () => {
  it('reads each command with the target options', () => {
    expect(parseApiCommand(['clock', 'advance', '5d'])).toMatchObject({
      command: 'clock-advance',
      seconds: 432_000,
    });
    expect(
      parseApiCommand(['charges', 'get', 'ch_1', '--base-url', 'https://x', '--key', 'sk_live_1']),
    ).toEqual({
      command: 'get',
      path: '/1/charges/ch_1',
      target: { baseUrl: 'https://x', key: 'sk_live_1', live: false },
      json: false,
    });
    expect(parseApiCommand(['webhook-endpoints', 'list', '--page', '2'])).toMatchObject({
      path: '/1/webhook_endpoints',
      page: 2,
    });
    expect(
      parseApiCommand(['events', 'tail', '--type', 'charge.captured', '--type', 'charge.failed']),
    ).toMatchObject({ command: 'events-tail', types: ['charge.captured', 'charge.failed'] });
    expect(parseApiCommand(['events', 'list'])).toMatchObject({ command: 'list', path: '/1/events' });
    expect(parseApiCommand(['balance'])).toMatchObject({ command: 'get', path: '/1/balance' });
    expect(parseApiCommand(['trigger', '--list'])).toMatchObject({ command: 'trigger-list' });
  });

  it('leaves the account commands to their own parser', () => {
    expect(parseApiCommand(['accounts', 'create', '--name', 'x'])).toBeNull();
    expect(parseApiCommand(['merchants', 'activate', 'mrch_1'])).toBeNull();
    expect(parseApiCommand(['customers', 'backfill-card-owners', '--table', 't'])).toBeNull();
  });

  it('says what is wrong', () => {
    expect(parseApiCommand(['clock', 'advance', 'soon'])).toMatch(/duration/);
    expect(parseApiCommand(['listen'])).toMatch(/--forward-to/);
    expect(parseApiCommand(['listen', '--forward-to', 'ftp://x'])).toMatch(/http\(s\) URL/);
    expect(parseApiCommand(['charges', 'get'])).toMatch(/needs a token/);
    expect(parseApiCommand(['charges', 'list', '--page', '0'])).toMatch(/--page/);
    expect(parseApiCommand(['logs', 'tail', '--lines', 'x'])).toMatch(/--lines/);
    expect(parseApiCommand(['trigger'])).toMatch(/event type/);
    expect(parseApiCommand(['events', 'follow'])).toMatch(/events list, events get, events tail/);
    expect(parseApiCommand(['charges', 'list', '--bogus'])).toMatch(/bogus/);
  });
});

describe('listen’s signing key', () => {
  it('is made once and kept, readable by its owner only, unless one is given', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'wattle-listen-')), 'data');
    const made = await listenSigningKey(dir, null);
    expect(made).toMatch(/^whsk_[0-9a-f]{48}$/);
    expect(await listenSigningKey(dir, null)).toBe(made);
    expect(statSync(join(dir, 'listen-key')).mode & 0o777).toBe(0o600);
    expect(await listenSigningKey(dir, 'whsk_given')).toBe('whsk_given');
  });
});

describe('a list line', () => {
  it('shows the token and the fields an object has, in one order', () => {
    expect(
      summaryLine({
        token: 'ch_1',
        amount: 1000,
        currency: 'AUD',
        status_message: 'Success',
        card: { x: 1 },
        email: '',
      }),
    ).toBe('ch_1  Success  1000  AUD');
  });
});

describe('the CLI’s requests to the local stack', () => {
  it('go to 127.0.0.1, where it listens, without looking localhost up; other hosts as they are', () => {
    expect(loopbackUrl('http://localhost:4010/test/1/charges')).toBe('http://127.0.0.1:4010/test/1/charges');
    expect(loopbackUrl('http://localhost/x')).toBe('http://127.0.0.1/x');
    expect(loopbackUrl('https://localhost:4010/x')).toBe('https://localhost:4010/x');
    expect(loopbackUrl('http://localhost.example.com/x')).toBe('http://localhost.example.com/x');
    expect(loopbackUrl('https://api.example.com/test')).toBe('https://api.example.com/test');
  });
});
