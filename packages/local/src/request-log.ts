import { closeSync, fstatSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One line of the local stack's request log: the fields of the deployed stages' access log
 * (infra/constructs/access-log.ts) that the local gateway knows. Never a header, the query string
 * or the body: a JSONP query string carries card data.
 */
export interface RequestLogEntry {
  requestId: string;
  /** Milliseconds since the epoch, as API Gateway's `$context.requestTimeEpoch`. */
  requestTime: number;
  httpMethod: string;
  /** `POST /1/charges`, `$default` for a path no route matches, `/_local` for the control endpoints. */
  routeKey: string;
  path: string;
  status: number;
  responseLatency: number;
}

export const requestLogName = 'requests.log';
/** Past this size the log moves to requests.log.1 (replacing an older one) and starts again. */
const maxLogBytes = 5 * 1024 * 1024;

export type RequestLog = (entry: RequestLogEntry) => void;

/** How often the log file is checked for having been moved or removed by someone else. */
const reopenCheckMs = 1000;

/**
 * Appends each request to `<dataDir>/requests.log` (JSON lines, 0600), what `npm run wattle -- logs
 * tail` follows. The lines of one turn of the event loop are written together once it has answered
 * its requests (setImmediate), in one synchronous append, so lines stay whole and in order: a
 * write of its own for each request cost a get charge a twentieth of its CPU here, as much as its
 * flow. A failure to write is reported once and never fails the request. The file stays open and
 * its size is counted here: opening, measuring and closing it for every request cost the gateway
 * more than building the event. A log moved or removed from outside is opened again within a
 * second. `close()` writes what is pending first.
 */
export const fileRequestLog = (dataDir: string): RequestLog & { close(): void } => {
  const path = join(dataDir, requestLogName);
  let warned = false;
  let fd: number | null = null;
  let size = 0;
  let checkedAt = 0;
  let pending = '';
  let flushing: NodeJS.Immediate | null = null;
  const closeFile = () => {
    if (fd !== null) closeSync(fd);
    fd = null;
  };
  const file = (now: number): number => {
    if (fd !== null && now - checkedAt < reopenCheckMs) return fd;
    checkedAt = now;
    if (fd !== null && statSync(path, { throwIfNoEntry: false })?.ino === fstatSync(fd).ino) return fd;
    closeFile();
    fd = openSync(path, 'a', 0o600);
    size = fstatSync(fd).size;
    return fd;
  };
  const flush = () => {
    if (flushing) clearImmediate(flushing);
    flushing = null;
    const lines = pending;
    pending = '';
    if (!lines) return;
    try {
      if (size > maxLogBytes) {
        closeFile();
        size = 0;
        renameSync(path, `${path}.1`);
      }
      writeSync(file(Date.now()), lines);
      size += Buffer.byteLength(lines);
    } catch (error) {
      if (!warned) console.error(`[wattle-local] cannot write the request log ${path}:`, error);
      warned = true;
    }
  };
  const log: RequestLog = (entry) => {
    pending += `${JSON.stringify(entry)}\n`;
    flushing ??= setImmediate(flush);
  };
  return Object.assign(log, {
    close: () => {
      flush();
      closeFile();
    },
  });
};
