import type { Environment } from './account.ts';

/** One merchant in one environment: every resource of a merchant belongs to one, and never leaves it. */
export interface Scope {
  accountId: string;
  environment: Environment;
}
