import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileRequestLog, type RequestLogEntry } from '../../packages/local/src/request-log.ts';

const entry = (requestId: string): RequestLogEntry => ({
  requestId,
  requestTime: 1_700_000_000_000,
  httpMethod: 'GET',
  routeKey: 'GET /1/charges/{charge_token}',
  path: '/test/1/charges/ch_1',
  status: 200,
  responseLatency: 3,
});

/** The end of this turn of the event loop, when the log writes the turn's lines. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("the local stack's request log", () => {
  let dir: string;
  const ids = (file: string) =>
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as RequestLogEntry).requestId);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wattle-request-log-'));
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T20:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
    rmSync(dir, { recursive: true, force: true });
  });

  it('appends one JSON line per request to requests.log, readable by its owner only', () => {
    const log = fileRequestLog(dir);
    log(entry('a'));
    log(entry('b'));
    log.close();
    const file = join(dir, 'requests.log');
    expect(ids(file)).toEqual(['a', 'b']);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('writes the lines of one turn of the event loop together, in order, once the turn is over', async () => {
    const log = fileRequestLog(dir);
    const file = join(dir, 'requests.log');
    log(entry('a'));
    log(entry('b'));
    expect(existsSync(file)).toBe(false);
    await turn();
    expect(ids(file)).toEqual(['a', 'b']);
    log(entry('c'));
    await turn();
    expect(ids(file)).toEqual(['a', 'b', 'c']);
    log.close();
  });

  it('starts the log again within a second when someone removed it', async () => {
    const log = fileRequestLog(dir);
    const file = join(dir, 'requests.log');
    log(entry('a'));
    await turn();
    unlinkSync(file);
    vi.setSystemTime(Date.now() + 1_000);
    log(entry('b'));
    log.close();
    expect(ids(file)).toEqual(['b']);
  });

  it('moves the log to requests.log.1 past 5 MB and starts a new one', async () => {
    const log = fileRequestLog(dir);
    const file = join(dir, 'requests.log');
    let n = 0;
    while (!existsSync(`${file}.1`)) {
      log(entry(`r${n++}`));
      await turn();
    }
    log.close();
    expect(statSync(`${file}.1`).size).toBeGreaterThan(5 * 1024 * 1024);
    expect(ids(file)).toEqual([`r${n - 1}`]);
    expect(ids(`${file}.1`).at(-1)).toBe(`r${n - 2}`);
  });
});
