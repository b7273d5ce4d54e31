import { Logger, type LogItem } from '@aws-lambda-powertools/logger';
import { makeStackReadable } from './readable-stack.ts';

/** Powertools' JSON logger, with a logged error's stack in source positions (readable-stack.ts). */
export class ReadableStackLogger extends Logger {
  protected override printLog(logLevel: number, log: LogItem): void {
    for (const value of Object.values(log.getAttributes())) makeStackReadable(value);
    super.printLog(logLevel, log);
  }
}
