import { toTimestamp } from '@wattle/domain';
import qs from 'qs';
import type { LocalClock } from './clock.ts';
import { type ControlHandler, type ControlRequest, type JsonResponse, pinError } from './gateway.ts';

export interface EnvironmentInfo {
  baseUrl: string;
  secretKey: string;
  publishableKey: string;
}

export interface NewMerchant {
  test: EnvironmentInfo;
  live: EnvironmentInfo;
  accountId: string;
}

export interface ControlOptions {
  clock: LocalClock;
  createMerchant: (request: { name?: string; email?: string }) => Promise<NewMerchant>;
}

const fields = (request: ControlRequest): Record<string, unknown> | JsonResponse => {
  const query = qs.parse(request.rawQueryString, { depth: 2, parameterLimit: 100 }) as Record<
    string,
    unknown
  >;
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!request.body.trim()) return query;
  if (type === 'application/json' || type.endsWith('+json')) {
    try {
      const parsed: unknown = JSON.parse(request.body);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        return pinError('bad_request', { description: 'The JSON body must be an object.' });
      }
      return { ...query, ...(parsed as Record<string, unknown>) };
    } catch {
      return pinError('bad_request', { description: 'The request body is not valid JSON.' });
    }
  }
  if (type === 'application/x-www-form-urlencoded' || type === '') {
    return {
      ...query,
      ...(qs.parse(request.body, { depth: 2, parameterLimit: 100 }) as Record<string, unknown>),
    };
  }
  return pinError('unsupported_media_type');
};

const isResponse = (value: Record<string, unknown> | JsonResponse): value is JsonResponse =>
  typeof value.status === 'number' && 'body' in value;

const invalid = (param: string, code: string, message: string): JsonResponse =>
  pinError('invalid_resource', { messages: [{ param, code, message }] });

/** At most a century at a time keeps the clock a valid date. */
const maxSeconds = 100 * 366 * 24 * 60 * 60;

/** `seconds` as a number or a numeric string, positive and finite; null otherwise. */
export const parseSeconds = (value: unknown): number | null => {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isFinite(n) && n > 0 && n <= maxSeconds ? n : null;
};

const optionalText = (value: unknown): string | undefined | null => {
  if (value === undefined || value === '') return undefined;
  return typeof value === 'string' && value.length <= 255 ? value.trim() || undefined : null;
};

/**
 * The local-only endpoints: the clock (`GET /_local/clock`, `POST /_local/clock/advance`) and fresh
 * merchants for tests (`POST /_local/accounts`).
 */
export const controlEndpoints =
  ({ clock, createMerchant }: ControlOptions): ControlHandler =>
  async (request) => {
    const route = `${request.method} ${request.path.replace(/\/+$/, '')}`;
    switch (route) {
      case 'GET /clock':
        return { status: 200, body: { now: toTimestamp(clock.now()) } };
      case 'POST /clock/advance': {
        const input = fields(request);
        if (isResponse(input)) return input;
        const seconds = parseSeconds(input.seconds);
        if (seconds === null)
          return invalid('seconds', 'seconds_invalid', 'Seconds must be a positive number');
        const { now, failures } = await clock.advance(seconds);
        if (failures.length) {
          for (const failure of failures)
            console.error(`[wattle-local] job ${failure.name} failed:`, failure.error);
          return pinError('internal_error', {
            description: `The clock moved to ${toTimestamp(now)}, but these jobs failed: ${failures.map((f) => f.name).join(', ')}.`,
          });
        }
        return { status: 200, body: { now: toTimestamp(now) } };
      }
      case 'POST /accounts': {
        const input = fields(request);
        if (isResponse(input)) return input;
        const name = optionalText(input.name);
        if (name === null)
          return invalid('name', 'name_invalid', 'Name must be text of at most 255 characters');
        const email = optionalText(input.email);
        if (email === null || (email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(email))) {
          return invalid('email', 'email_invalid', 'Email must be an email address');
        }
        return { status: 201, body: await createMerchant({ name, email }) };
      }
      default:
        return pinError('not_found');
    }
  };
