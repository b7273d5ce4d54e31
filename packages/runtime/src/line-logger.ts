import { Logger, type LogItem, LogLevelThreshold } from '@aws-lambda-powertools/logger';

/** What every log item carries that a person at a terminal does not need on each line. */
const boilerplate = new Set([
  'level',
  'message',
  'timestamp',
  'service',
  'sampling_rate',
  'xray_trace_id',
  'function_request_id',
]);

const isLoggedError = (value: unknown): value is { name?: string; message?: string; stack?: string } =>
  typeof value === 'object' && value !== null && 'stack' in value && 'message' in value;

/** A string as is, quoted only when it has spaces or quotes; anything else as JSON. */
const text = (value: unknown): string =>
  typeof value !== 'string' ? JSON.stringify(value) : /[\s"]/.test(value) ? JSON.stringify(value) : value;

/**
 * The same structured logs as JSON, printed one readable line each (`LEVEL message key=value …`)
 * for a terminal: the local stack's console (WATTLE_LOG_FORMAT=line). A logged error keeps its
 * stack, on the lines below, since an error logged is a fault someone has to find.
 */
export class LineLogger extends Logger {
  protected override printLog(logLevel: number, log: LogItem): void {
    log.prepareForPrint();
    const attributes = log.getAttributes() as Record<string, unknown>;
    const stacks: string[] = [];
    const fields = Object.entries(attributes)
      .filter(([key, value]) => !boilerplate.has(key) && value !== undefined)
      .map(([key, value]) => {
        if (!isLoggedError(value)) return `${key}=${text(value)}`;
        if (value.stack) stacks.push(value.stack);
        return `${key}=${text(`${value.name ?? 'Error'}: ${value.message}`)}`;
      });
    const line = [String(attributes.level), String(attributes.message), ...fields].join(' ');
    const out = logLevel >= LogLevelThreshold.WARN ? process.stderr : process.stdout;
    out.write(`${[line, ...stacks.map((stack) => stack.replace(/^/gm, '    '))].join('\n')}\n`);
  }
}
