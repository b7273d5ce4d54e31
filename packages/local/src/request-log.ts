import { appendFileSync, renameSync, statSync } from 'node:fs';
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

/**
 * Appends each request to `<dataDir>/requests.log` (JSON lines, 0600), what `npm run wattle -- logs
 * tail` follows. Synchronous appends keep lines whole and in order; a failure to write is reported
 * once and never fails the request.
 */
export const fileRequestLog = (dataDir: string): RequestLog => {
  const path = join(dataDir, requestLogName);
  let warned = false;
  return (entry) => {
    try {
      if ((statSync(path, { throwIfNoEntry: false })?.size ?? 0) > maxLogBytes) renameSync(path, `${path}.1`);
      appendFileSync(path, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
    } catch (error) {
      if (!warned) console.error(`[wattle-local] cannot write the request log ${path}:`, error);
      warned = true;
    }
  };
};
