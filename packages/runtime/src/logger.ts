import type { LogAttributes, Logger, LogLevel } from '@wattle/ports';
import { readableStack } from './readable-stack.ts';

const severity: Record<LogLevel, number> = { DEBUG: 1, INFO: 2, WARN: 3, ERROR: 4, SILENT: 5 };

/** A configured level by name, any case; anything else is INFO (as Powertools treated it). */
export const logLevelOf = (name: string): LogLevel => {
  const level = name.trim().toUpperCase();
  return Object.hasOwn(severity, level) ? (level as LogLevel) : 'INFO';
};

/** Where an error was thrown: the file and line of its stack's first frame. */
const locationOf = (stack: string): string | undefined =>
  stack
    .match(/^\s+at .*?\(?([^\s()]+):(\d+):\d+\)?$/m)
    ?.slice(1, 3)
    .join(':');

/**
 * An error as a log shows it, as Powertools showed it: name, location, message, stack (in source
 * positions: readable-stack.ts), cause, and its other own fields (an AWS error's `$metadata`).
 */
const errorFields = (error: Error): Record<string, unknown> => {
  const { name, message, stack, cause, ...own } = error;
  const readable = typeof stack === 'string' ? readableStack(stack) : undefined;
  return {
    name,
    location: readable ? locationOf(readable) : undefined,
    message,
    stack: readable,
    cause,
    ...own,
  };
};

/** JSON.stringify's replacer for a log: errors shown, bigints as text, a cycle cut. */
const logReplacer = () => {
  const seen = new WeakSet<object>();
  return function replace(_key: string, value: unknown): unknown {
    if (typeof value === 'bigint') return value.toString();
    if (typeof value !== 'object' || value === null) return value;
    if (seen.has(value)) return '[Circular]';
    seen.add(value);
    return value instanceof Error ? errorFields(value) : value;
  };
};

/** X-Ray's trace of the invocation, as Lambda sets it (`Root=1-…;Parent=…;Sampled=1`). */
const traceId = (): string | undefined => process.env._X_AMZN_TRACE_ID?.match(/Root=([^;]+)/)?.[1];

/** A string as is, quoted only when it has spaces or quotes; anything else as JSON. */
const text = (value: unknown): string =>
  typeof value !== 'string'
    ? JSON.stringify(value, logReplacer())
    : /[\s"]/.test(value)
      ? JSON.stringify(value)
      : value;

type Line = (level: LogLevel, message: string, attributes: LogAttributes) => string;

/**
 * One JSON object a line, as CloudWatch Logs Insights reads it: level first, then message,
 * timestamp, service, the X-Ray trace when there is one, then the attributes at the top level.
 */
const jsonLine =
  (service: string): Line =>
  (level, message, attributes) =>
    JSON.stringify(
      {
        level,
        message,
        timestamp: new Date().toISOString(),
        service,
        ...(traceId() ? { xray_trace_id: traceId() } : {}),
        ...attributes,
      },
      logReplacer(),
    );

/**
 * `LEVEL message key=value …` for a terminal (the local stack's console): a logged error's stack
 * follows on the lines below, indented, since an error logged is a fault someone has to find.
 */
const readableLine: Line = (level, message, attributes) => {
  const stacks: string[] = [];
  const fields = Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => {
      if (!(value instanceof Error)) return `${key}=${text(value)}`;
      if (value.stack) stacks.push(readableStack(value.stack));
      return `${key}=${text(`${value.name}: ${value.message}`)}`;
    });
  const line = [level, message, ...fields].join(' ');
  return [line, ...stacks.map((stack) => stack.replace(/^/gm, '    '))].join('\n');
};

export interface LoggerOptions {
  service: string;
  /** A level's name (WATTLE_LOG_LEVEL): DEBUG, INFO, WARN, ERROR or SILENT. */
  level: string;
  /** JSON lines (Lambda, CloudWatch), or readable lines for a terminal (WATTLE_LOG_FORMAT=line). */
  format: 'json' | 'line';
}

/**
 * The functions' logger: one line a call, INFO and DEBUG on stdout, WARN and ERROR on stderr.
 * Our own rather than Powertools', whose import alone cost about 6 ms of CPU at every cold start
 * (docs/decisions.md) for the four calls the service makes.
 */
export const createLogger = ({ service, level, format }: LoggerOptions): Logger => {
  const threshold = severity[logLevelOf(level)];
  const line = format === 'line' ? readableLine : jsonLine(service);
  const write = (at: Exclude<LogLevel, 'SILENT'>, message: string, attributes: LogAttributes = {}) => {
    if (severity[at] < threshold) return;
    const out = severity[at] >= severity.WARN ? process.stderr : process.stdout;
    out.write(`${line(at, message, attributes)}\n`);
  };
  return {
    logs: (at) => severity[at] >= threshold,
    debug: (message, attributes) => write('DEBUG', message, attributes),
    info: (message, attributes) => write('INFO', message, attributes),
    warn: (message, attributes) => write('WARN', message, attributes),
    error: (message, attributes) => write('ERROR', message, attributes),
  };
};

/** A logger that writes nothing (tests and benchmarks). */
export const silentLogger = (): Logger =>
  createLogger({ service: 'wattle', level: 'SILENT', format: 'json' });
