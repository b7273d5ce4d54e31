import type { Environment } from '@wattle/domain';

/** A merchant the dashboard can show, with the secret keys it reads the API with (never sent to the page). */
export interface DashboardAccount {
  accountId: string;
  name: string;
  secretKeys: Record<Environment, string>;
}

/**
 * The merchants of this run whose keys the stack has in clear: the seeded one and those made through
 * `POST /_local/accounts`. Keys are stored hashed, so a merchant made otherwise (or in an earlier run)
 * cannot be read through the API and is not offered.
 */
export class DashboardAccounts {
  private readonly byId = new Map<string, DashboardAccount>();

  add(account: DashboardAccount): void {
    this.byId.set(account.accountId, account);
  }

  /** Forgets them all (a reset, which then adds the seeded merchant again). */
  clear(): void {
    this.byId.clear();
  }

  /** In the order they were made: the seeded merchant first. */
  all(): DashboardAccount[] {
    return [...this.byId.values()];
  }

  get(accountId: string): DashboardAccount | undefined {
    return this.byId.get(accountId);
  }
}
