import type { BankAccount } from './bank-account.ts';
import type { ProcessorRouting } from './processor-routing.ts';
/** The two environments: two stages of one API, each with its own keys and its own data. */
export const environments = ['test', 'live'] as const;
export type Environment = (typeof environments)[number];

export const isEnvironment = (value: unknown): value is Environment => value === 'test' || value === 'live';

/** Whether the account pays out by daily deposits rather than by transfers. */
export const usesDeposits = (account: Pick<Account, 'transfersEnabled'>): boolean =>
  account.transfersEnabled === false;

export type AccountKind = 'merchant' | 'partner';
/**
 * A referred merchant's account starts `pending_approval`; the review makes it `active`, `on_hold`
 * (more information wanted; it can still be approved) or `declined` (final).
 */
export type AccountStatus = 'pending_approval' | 'active' | 'on_hold' | 'declined';

export interface Account {
  id: string;
  kind: AccountKind;
  name: string;
  email: string;
  status: AccountStatus;
  referredBy: string | null;
  createdAt: string;
  /** Where `recipient=self` transfers go: a referred merchant's from its application (masked). */
  payoutBankAccount?: BankAccount | null;
  /**
   * false: the account does not use the transfers API and its available balance is deposited into
   * its bank account every day (deposits). Absent on accounts made before deposits: true.
   */
  transfersEnabled?: boolean;
  /**
   * Which processor accounts its live payments go to (ProcessorRouting), set by an operator
   * (`wattle merchants routing set`); absent, the deployment's live default. Never in Pin's JSON.
   */
  processorRouting?: ProcessorRouting;
}

/** secret and publishable keys belong to one merchant environment; a partner key to a partner account. */
export type ApiKeyKind = 'secret' | 'publishable' | 'partner';

export interface ApiKeyGrant {
  accountId: string;
  kind: ApiKeyKind;
  /** null for partner keys, which manage merchants rather than act inside one environment. */
  environment: Environment | null;
  /** A referred merchant's live keys wait for its approval: they do not work until it is active. */
  suspended?: boolean;
}

/** Readable prefixes make a leaked key easy to recognise and to scan for. */
export const apiKeyPrefix = (kind: ApiKeyKind, environment: Environment | null): string => {
  if (kind === 'partner') return 'pt_';
  return `${kind === 'secret' ? 'sk' : 'pk'}_${environment}_`;
};
