import { createLogger, type LoggerOptions, logLevelOf } from '@wattle/runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** What a logger writes to stdout and stderr while `act` runs. */
const written = (options: Partial<LoggerOptions>, act: (logger: ReturnType<typeof createLogger>) => void) => {
  const out: string[] = [];
  const err: string[] = [];
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out.push(String(chunk));
    return true;
  });
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    err.push(String(chunk));
    return true;
  });
  try {
    act(createLogger({ service: 'wattle', level: 'INFO', format: 'json', ...options }));
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
  return { out, err };
};

const parsed = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the functions’ logger, as JSON lines', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T05:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  it('writes one line a call, level first, attributes at the top level; WARN and ERROR on stderr', () => {
    const { out, err } = written({}, (logger) => {
      logger.info('request', { route: 'GET /1/charges', status: 200 });
      logger.warn('slow', { ms: 900 });
      logger.error('failed');
    });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^\{"level":"INFO","message":"request",.*\n$/);
    expect(parsed(out)).toEqual([
      {
        level: 'INFO',
        message: 'request',
        timestamp: '2026-11-25T05:00:00.000Z',
        service: 'wattle',
        route: 'GET /1/charges',
        status: 200,
      },
    ]);
    expect(parsed(err).map((line) => [line.level, line.message])).toEqual([
      ['WARN', 'slow'],
      ['ERROR', 'failed'],
    ]);
  });

  it('writes nothing below its level', () => {
    const { out, err } = written({ level: 'warn' }, (logger) => {
      logger.debug('d');
      logger.info('i');
      logger.error('e');
    });
    expect(out).toEqual([]);
    expect(parsed(err).map((line) => line.message)).toEqual(['e']);
    const silent = written({ level: 'SILENT' }, (logger) => logger.error('e'));
    expect([...silent.out, ...silent.err]).toEqual([]);
  });

  it('reads an unknown level as INFO', () => {
    expect(logLevelOf('verbose')).toBe('INFO');
    expect(logLevelOf(' debug ')).toBe('DEBUG');
  });

  it('shows an error with its name, location, message, stack, own fields and cause', () => {
    const cause = new TypeError('socket hang up');
    const error = Object.assign(new Error('DynamoDB failed', { cause }), { code: 'ECONNRESET' });
    const { err } = written({}, (logger) => logger.error('Request failed', { error }));
    const logged = parsed(err)[0]!.error as Record<string, unknown>;
    expect(logged).toMatchObject({ name: 'Error', message: 'DynamoDB failed', code: 'ECONNRESET' });
    expect(logged.stack).toContain('logger.test.ts');
    expect(logged.location).toMatch(/logger\.test\.ts:\d+$/);
    expect(logged.cause).toMatchObject({ name: 'TypeError', message: 'socket hang up' });
  });

  it('names the AWS request id of the call that failed, as the SDK error carries it', async () => {
    const { ThrottlingException } = await import('@aws-sdk/client-dynamodb');
    const throttled = new ThrottlingException({
      message: 'Rate exceeded',
      $metadata: { httpStatusCode: 400, requestId: 'QKR5AB3ASFRNE4F6T9LTNNF3UJVV4KQNSO5AEMVJF66Q9ASUAAJG' },
    });
    const error = new Error('saving the charge', { cause: throttled });
    const { err } = written({}, (logger) => logger.error('Request failed', { error }));
    expect(parsed(err)[0]!.error).toMatchObject({
      message: 'saving the charge',
      aws_request_id: 'QKR5AB3ASFRNE4F6T9LTNNF3UJVV4KQNSO5AEMVJF66Q9ASUAAJG',
    });
    const line = written({ format: 'line' }, (logger) =>
      logger.error('Request failed', { error: throttled }),
    );
    expect(line.err.join('')).toContain(
      'error="ThrottlingException: Rate exceeded (AWS request QKR5AB3ASFRNE4F6T9LTNNF3UJVV4KQNSO5AEMVJF66Q9ASUAAJG)"',
    );
  });

  it('carries the X-Ray trace of the invocation when Lambda sets one', () => {
    vi.stubEnv(
      '_X_AMZN_TRACE_ID',
      'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1',
    );
    const { out } = written({}, (logger) => logger.info('request'));
    expect(parsed(out)[0]!.xray_trace_id).toBe('1-5759e988-bd862e3fe1be46a994272793');
  });

  it('logs what JSON cannot hold as is (a bigint, a cycle) rather than throwing', () => {
    const cycle: Record<string, unknown> = { name: 'a' };
    cycle.self = cycle;
    const { out } = written({}, (logger) => logger.info('odd', { big: 10n, cycle }));
    // Powertools' replacer writes a bigint as text and leaves a cycle's repeat out.
    expect(parsed(out)[0]).toMatchObject({ big: '10', cycle: { name: 'a' } });
  });
});

describe('the functions’ logger, as readable lines (WATTLE_LOG_FORMAT=line)', () => {
  it('writes `LEVEL message key=value …`, quoting only values with spaces', () => {
    const { out } = written({ format: 'line' }, (logger) =>
      logger.info('request', { route: 'POST /1/charges', status: 201, account: undefined }),
    );
    expect(out).toEqual(['INFO request route="POST /1/charges" status=201\n']);
  });

  it('names a logged error on its line and prints its stack below, indented', () => {
    const { err } = written({ format: 'line' }, (logger) =>
      logger.error('Request failed', { error: new RangeError('out of range') }),
    );
    const [line, ...stack] = err.join('').trimEnd().split('\n');
    expect(line).toBe('ERROR Request failed error="RangeError: out of range"');
    expect(stack[0]).toBe('    RangeError: out of range');
    expect(stack[1]).toMatch(/^ {8}at .*logger\.test\.ts/);
  });
});
