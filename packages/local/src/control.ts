import { type BankAccountDetails, type ReviewOutcome, toTimestamp } from '@wattle/domain';
import { parseBody, parseForm, toHttpError } from '@wattle/http';
import type { TableStatus } from '@wattle/store';
import { nestedBankAccount, validate } from '@wattle/wire';
import * as v from 'valibot';
import type { LocalClock } from './clock.ts';
import type { LocalConsole } from './console.ts';
import { type ControlHandler, type ControlRequest, type JsonResponse, pinError } from './gateway.ts';
import type { MetricTotal } from './metrics.ts';
import { describeSchedulerRun, type SchedulerSummary } from './scheduler.ts';

export interface EnvironmentInfo {
  baseUrl: string;
  secretKey: string;
  publishableKey: string;
}

export interface NewMerchant {
  test: EnvironmentInfo;
  live: EnvironmentInfo;
  accountId: string;
  kind: 'merchant';
}

export interface NewPartner {
  accountId: string;
  kind: 'partner';
  partnerKey: string;
}

export interface AccountRequest {
  name?: string | undefined;
  email?: string | undefined;
  kind: 'merchant' | 'partner';
  /** The referring partner account of a merchant; the seeded partner when absent. */
  referredBy?: string | undefined;
  /** A merchant's own bank account, for `recipient=self` transfers. */
  payoutBankAccount?: BankAccountDetails | undefined;
  /** false: a merchant paid out by daily deposits (it needs a bank account). */
  transfersEnabled?: boolean | undefined;
}

export interface ControlOptions {
  clock: LocalClock;
  /** Where a clock move says what it ran. */
  console: LocalConsole;
  /** Approves a partner-referred merchant (its live keys start to work); null when there is none. */
  activateMerchant: (merchantToken: string) => Promise<unknown | null>;
  /** Declines a referred merchant or puts it on hold; null when there is none. */
  reviewMerchant: (merchantToken: string, outcome: ReviewOutcome) => Promise<unknown | null>;
  /** A merchant's processor routing (acct_... or mrch_...), as an operator writes it. */
  showRouting: (merchant: string) => Promise<unknown>;
  /** Sets it (null: clears it), checked against the stack's processor accounts. */
  setRouting: (merchant: string, written: unknown) => Promise<unknown>;
  /** Null when `referredBy` names no partner account. */
  createAccount: (request: AccountRequest) => Promise<NewMerchant | NewPartner | null>;
  /**
   * Empties the stack (every item, the queues, the files; the seeded accounts made again with
   * their ids and keys) and sets the clock back to real time; answers how many items went.
   */
  reset: () => Promise<{ now: Date; deleted: number }>;
  /** The functions' metrics since the stack started or was reset (`GET /_local/metrics`). */
  metrics: () => MetricTotal[];
  /** The table's data migrations (DynamoDB Local only: the memory engine keeps nothing to migrate). */
  migrations?: { status(): Promise<TableStatus>; run(): Promise<TableStatus> } | undefined;
  /** The memory engine's records by kind and id (absent on DynamoDB Local, whose table is read directly). */
  records?: (() => Record<string, Record<string, unknown>>) | undefined;
}

/** The request's fields, parsed the way the API parses them (query string, then form or JSON body). */
const fields = (request: ControlRequest): Record<string, unknown> | JsonResponse => {
  try {
    return {
      ...parseForm(request.rawQueryString),
      ...parseBody(request.body, false, request.headers['content-type']),
    };
  } catch (error) {
    const { status, body } = toHttpError(error);
    return { status, body };
  }
};

const isResponse = (value: Record<string, unknown> | JsonResponse): value is JsonResponse =>
  typeof value.status === 'number' && 'body' in value;

const invalid = (param: string, code: string, message: string): JsonResponse =>
  pinError('invalid_resource', { messages: [{ param, code, message }] });

/** The memory engine's answer to the migrations' endpoints: it keeps no data to migrate. */
const noMigrations = pinError('not_found', {
  description: 'The memory engine keeps nothing from one start to the next: there is no data to migrate.',
});

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

const bankAccountSchema = v.object({ bank_account: v.optional(nestedBankAccount()) });

/** `bank_account[name|bsb|number]`, validated as POST /bank_accounts validates them. */
const payoutBankAccountOf = (
  input: Record<string, unknown>,
): { value: BankAccountDetails | undefined } | JsonResponse => {
  try {
    return { value: validate(bankAccountSchema, { bank_account: input.bank_account }).bank_account };
  } catch (error) {
    const { status, body } = toHttpError(error);
    return { status, body };
  }
};

/**
 * The local-only endpoints: the clock (`GET /_local/clock`, `POST /_local/clock/advance`, which
 * answers what the scheduler ran as `scheduler`: its summary, jobs done by kind) and fresh
 * accounts for tests and the accounts command (`POST /_local/accounts`: `name`, `email`,
 * `kind` merchant or partner, `referred_by`, `bank_account[name|bsb|number]`, `transfers_enabled`:
 * false for a merchant paid out by daily deposits), and a reset to the seeded accounts alone and
 * real time (`POST /_local/reset`, answering the time and how many items it deleted); on the memory
 * engine, what it holds (`GET /_local/records`: each kind's records by id, as a table scan shows items);
 * and the functions' metrics (`GET /_local/metrics`: each metric's count, sum, min and max by its
 * dimensions, as the stack's dashboard reads them in AWS; `?name=` keeps one metric); the table's
 * data migrations (`GET /_local/migrations`: its version and each one's progress; `POST
 * /_local/migrations/run`: runs those pending), on DynamoDB Local only.
 */
export const controlEndpoints =
  ({
    clock,
    console: out,
    createAccount,
    activateMerchant,
    reviewMerchant,
    showRouting,
    setRouting,
    reset,
    records,
    metrics,
    migrations,
  }: ControlOptions): ControlHandler =>
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
        const { now, failures, results } = await clock.advance(seconds);
        // Absent when the scheduler itself failed (reported below).
        const scheduler = results.scheduler as SchedulerSummary | undefined;
        out.info(
          `Clock advanced ${seconds} s to ${toTimestamp(now)}${scheduler ? `: ${describeSchedulerRun(scheduler)}` : ''}`,
        );
        if (failures.length) {
          for (const failure of failures)
            console.error(`[wattle-local] job ${failure.name} failed:`, failure.error);
          return pinError('internal_error', {
            description: `The clock moved to ${toTimestamp(now)}, but these jobs failed: ${failures.map((f) => f.name).join(', ')}.`,
          });
        }
        return { status: 200, body: { now: toTimestamp(now), scheduler } };
      }
      case 'GET /metrics': {
        const name = new URLSearchParams(request.rawQueryString).get('name') ?? undefined;
        const totals = metrics().filter((total) => name === undefined || total.name === name);
        return { status: 200, body: { metrics: totals } };
      }
      case 'GET /migrations':
        return migrations ? { status: 200, body: await migrations.status() } : noMigrations;
      case 'POST /migrations/run':
        return migrations ? { status: 200, body: await migrations.run() } : noMigrations;
      case 'GET /records':
        return records ? { status: 200, body: records() } : pinError('not_found');
      case 'POST /reset': {
        const { now, deleted } = await reset();
        out.info(
          `Reset: ${deleted} item(s) deleted, the seeded accounts made again, the clock at real time (${toTimestamp(now)})`,
        );
        return { status: 200, body: { now: toTimestamp(now), deleted } };
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
        const kind = input.kind ?? 'merchant';
        if (kind !== 'merchant' && kind !== 'partner') {
          return invalid('kind', 'kind_invalid', 'Kind must be merchant or partner');
        }
        const referredBy = optionalText(input.referred_by);
        if (referredBy === null || (referredBy !== undefined && kind === 'partner')) {
          return invalid('referred_by', 'referred_by_invalid', 'Referred by must be a partner account id');
        }
        const bankAccount = payoutBankAccountOf(input);
        if (isResponse(bankAccount)) return bankAccount;
        const transfersEnabled = input.transfers_enabled ?? 'true';
        if (
          transfersEnabled !== 'true' &&
          transfersEnabled !== 'false' &&
          typeof transfersEnabled !== 'boolean'
        ) {
          return invalid(
            'transfers_enabled',
            'transfers_enabled_invalid',
            'Transfers enabled must be true or false',
          );
        }
        const depositMode = transfersEnabled === false || transfersEnabled === 'false';
        if (depositMode && (kind === 'partner' || !bankAccount.value)) {
          return invalid(
            'transfers_enabled',
            'transfers_enabled_invalid',
            'Transfers can be disabled only for a merchant with a bank account, which its deposits go to',
          );
        }
        const made = await createAccount({
          name,
          email,
          kind,
          referredBy,
          payoutBankAccount: bankAccount.value,
          ...(depositMode ? { transfersEnabled: false } : {}),
        });
        if (!made)
          return invalid('referred_by', 'referred_by_invalid', 'Referred by must be a partner account id');
        return { status: 201, body: made };
      }
      default: {
        const routing = /^(GET|POST) \/merchants\/((?:acct|mrch)_[\w-]+)\/routing$/.exec(route);
        if (routing) {
          const [, method, merchant] = routing as unknown as [string, string, string];
          try {
            const input = method === 'POST' ? fields(request) : {};
            if (isResponse(input)) return input;
            const body =
              method === 'GET'
                ? await showRouting(merchant)
                : await setRouting(merchant, input.routing ?? null);
            return { status: 200, body };
          } catch (error) {
            const { status, body } = toHttpError(error);
            return { status, body };
          }
        }
        const decision = /^POST \/merchants\/(mrch_[\w-]+)\/(activate|decline|hold)$/.exec(route);
        if (decision) {
          const [, token, verb] = decision as unknown as [string, string, 'activate' | 'decline' | 'hold'];
          try {
            const merchant =
              verb === 'activate'
                ? await activateMerchant(token)
                : await reviewMerchant(token, verb === 'decline' ? 'declined' : 'on_hold');
            return merchant ? { status: 200, body: { response: merchant } } : pinError('not_found');
          } catch (error) {
            // A declined merchant cannot be approved nor reviewed again: Pin's error, not a crash.
            const { status, body } = toHttpError(error);
            return { status, body };
          }
        }
        return pinError('not_found');
      }
    }
  };
