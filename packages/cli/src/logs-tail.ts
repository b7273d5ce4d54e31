import { open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pause } from './pause.ts';

/** The request log's fields the line shows (packages/local's request-log.ts writes them). */
interface LoggedRequest {
  requestId: string;
  requestTime: number;
  httpMethod: string;
  path: string;
  status: number;
  responseLatency: number;
}

/** `2026-11-24T17:40:01.123Z  POST /test/1/charges  201  35ms  JKJaXmPLvHcESHA=` */
export const requestLine = (line: string): string => {
  try {
    const r = JSON.parse(line) as LoggedRequest;
    return `${new Date(r.requestTime).toISOString()}  ${r.httpMethod} ${r.path}  ${r.status}  ${r.responseLatency}ms  ${r.requestId}`;
  } catch {
    return line;
  }
};

export interface LogsTailOptions {
  json: boolean;
  /** How many of the lines already there to show first. */
  lines: number;
  signal: AbortSignal;
  print: (line: string) => void;
  intervalMs?: number;
}

/**
 * Follows the local stack's request log (`<dataDir>/requests.log`, one JSON line per request the
 * gateway answered): the last lines first, then each new one; starts again from the top when the
 * stack moves the log aside. Until `signal` aborts.
 */
export const tailRequestLog = async (dataDir: string, options: LogsTailOptions): Promise<void> => {
  const path = join(dataDir, 'requests.log');
  const show = (line: string) => options.print(options.json ? line : requestLine(line));
  let offset = 0;
  let partial = '';
  const readNew = async (): Promise<string[]> => {
    const size = (await stat(path).catch(() => null))?.size ?? 0;
    if (size < offset) offset = 0; // rotated
    if (size === offset) return [];
    const file = await open(path, 'r');
    try {
      const buffer = Buffer.alloc(size - offset);
      await file.read(buffer, 0, buffer.length, offset);
      offset = size;
      const text = partial + buffer.toString('utf8');
      const lines = text.split('\n');
      partial = lines.pop() ?? '';
      return lines.filter(Boolean);
    } finally {
      await file.close();
    }
  };
  for (const line of (await readNew()).slice(-options.lines)) show(line);
  while (!options.signal.aborted) {
    await pause(options.intervalMs ?? 250, options.signal);
    for (const line of await readNew()) show(line);
  }
};
