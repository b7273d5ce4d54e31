/** A log line's attributes. Never a card number, a CVC or a request body. */
export type LogAttributes = Record<string, unknown>;

/** The levels, least severe first; a logger at SILENT writes nothing. */
export type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';

/**
 * Structured logs: each call writes one line, its message and its attributes (an Error keeps its
 * stack). Powertools' Logger is the one (packages/runtime/src/logger.ts).
 */
export interface Logger {
  debug(message: string, ...attributes: LogAttributes[]): void;
  info(message: string, ...attributes: LogAttributes[]): void;
  warn(message: string, ...attributes: LogAttributes[]): void;
  error(message: string, ...attributes: LogAttributes[]): void;
}
