import { LogFormatter, Logger, LogItem, LogLevelThreshold } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import type { LogLevel, RuntimeConfig } from '@wattle/ports';
import { readableStack } from './readable-stack.ts';

const levels = new Set<LogLevel>(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']);

/** A configured level by name, any case; anything else is INFO. */
export const logLevelOf = (name: string): LogLevel => {
  const level = name.trim().toUpperCase() as LogLevel;
  return levels.has(level) ? level : 'INFO';
};

/** Where an error was thrown: the file and line of its stack's first frame (named or not). */
const locationOf = (stack: string): string | undefined =>
  stack
    .match(/^\s+at .*?\(?([^\s()]+):(\d+):\d+\)?$/m)
    ?.slice(1, 3)
    .join(':');

/** The AWS request id of the call that failed: an SDK error's, or that of the error it wraps. */
const awsRequestIdOf = (error: Error): string | undefined => {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++, current = current.cause) {
    const id = (current as { $metadata?: { requestId?: string } }).$metadata?.requestId;
    if (id) return id;
  }
  return undefined;
};

/**
 * Powertools' JSON log line, as its own formatter writes it (level, message, timestamp, service,
 * the Lambda context that injectLambdaContext adds, the X-Ray trace, then the attributes), with a
 * logged error's stack in the sources' positions (readable-stack.ts) and the AWS request id of the
 * call that failed (`aws_request_id`, from the SDK error's `$metadata`), to find it in AWS's logs.
 */
export class WattleLogFormatter extends LogFormatter {
  override formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    const context = attributes.lambdaContext;
    return new LogItem({
      attributes: {
        level: attributes.logLevel,
        message: attributes.message,
        timestamp: this.formatTimestamp(attributes.timestamp),
        service: attributes.serviceName,
        cold_start: context?.coldStart,
        function_name: context?.functionName,
        function_request_id: context?.awsRequestId,
        xray_trace_id: attributes.xRayTraceId,
      },
    }).addAttributes(additional);
  }

  override formatError(error: Error): LogAttributes {
    const formatted = super.formatError(error);
    const stack = typeof error.stack === 'string' ? readableStack(error.stack) : undefined;
    const awsRequestId = awsRequestIdOf(error);
    return {
      ...formatted,
      ...(stack ? { location: locationOf(stack) ?? formatted.location, stack } : {}),
      ...(awsRequestId ? { aws_request_id: awsRequestId } : {}),
    };
  }
}

/** What a terminal does not need on each line: Powertools' boilerplate and the Lambda context. */
const boilerplate = new Set([
  'level',
  'message',
  'timestamp',
  'service',
  'sampling_rate',
  'xray_trace_id',
  'cold_start',
  'function_name',
  'function_request_id',
]);

type LoggedError = { name?: string; message?: string; stack?: string; aws_request_id?: string };
const isLoggedError = (value: unknown): value is LoggedError =>
  typeof value === 'object' && value !== null && 'stack' in value && 'message' in value;

/** A string as is, quoted only when it has spaces or quotes; anything else as JSON. */
const text = (value: unknown): string =>
  typeof value !== 'string' ? JSON.stringify(value) : /[\s"]/.test(value) ? JSON.stringify(value) : value;

/**
 * Powertools' Logger printing each line readably for a terminal (`LEVEL message key=value …`):
 * the local stack's console (WATTLE_LOG_FORMAT=line). A logged error keeps its stack, on the
 * lines below, since an error logged is a fault someone has to find.
 */
export class LineLogger extends Logger {
  protected override printLog(logLevel: number, log: LogItem): void {
    log.prepareForPrint();
    const attributes = JSON.parse(JSON.stringify(log.getAttributes(), this.getJsonReplacer())) as Record<
      string,
      unknown
    >;
    const stacks: string[] = [];
    const fields = Object.entries(attributes)
      .filter(([key, value]) => !boilerplate.has(key) && value !== undefined)
      .map(([key, value]) => {
        if (!isLoggedError(value)) return `${key}=${text(value)}`;
        if (value.stack) stacks.push(value.stack);
        const request = value.aws_request_id ? ` (AWS request ${value.aws_request_id})` : '';
        return `${key}=${text(`${value.name ?? 'Error'}: ${value.message}${request}`)}`;
      });
    const line = [String(attributes.level), String(attributes.message), ...fields].join(' ');
    const out = logLevel >= LogLevelThreshold.WARN ? process.stderr : process.stdout;
    out.write(`${[line, ...stacks.map((stack) => stack.replace(/^/gm, '    '))].join('\n')}\n`);
  }
}

export interface LoggerOptions {
  service: string;
  /** A level's name (WATTLE_LOG_LEVEL): DEBUG, INFO, WARN, ERROR or SILENT. */
  level: string;
  /** JSON lines (Lambda, CloudWatch), or readable lines for a terminal (WATTLE_LOG_FORMAT=line). */
  format: 'json' | 'line';
}

/**
 * The functions' logger: Powertools for AWS Lambda's Logger, one line a call (INFO and DEBUG on
 * stdout, WARN and ERROR on stderr). The function's chain adds the invocation's context to every
 * line (injectLambdaContext: request id, cold start, function name; the request's route and stage).
 */
export const createLogger = ({ service, level, format }: LoggerOptions): Logger =>
  new (format === 'line' ? LineLogger : Logger)({
    serviceName: service,
    logLevel: logLevelOf(level),
    logFormatter: new WattleLogFormatter(),
  });

let containerLogger: Logger | undefined;

/** The container's logger, as its configuration (WATTLE_LOG_LEVEL, WATTLE_LOG_FORMAT) says: made once. */
export const functionLogger = (config: Pick<RuntimeConfig, 'logLevel' | 'logFormat'>): Logger => {
  containerLogger ??= createLogger({ service: 'wattle', level: config.logLevel, format: config.logFormat });
  return containerLogger;
};

/** A logger that writes nothing (tests and benchmarks). */
export const silentLogger = (): Logger =>
  createLogger({ service: 'wattle', level: 'SILENT', format: 'json' });
