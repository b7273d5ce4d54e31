import type { Environment } from '@wattle/domain';
import type { DashboardAccount } from './accounts.ts';
import type { ApiObject } from './resources.ts';

export interface ApiAnswer {
  status: number;
  body: ApiObject;
}

/** The page's part that could not be read: what the API answered instead. */
export class ApiRefusal extends Error {
  constructor(readonly answer: ApiAnswer) {
    const body = answer.body;
    super(`The API answered ${answer.status}: ${String(body.error_description ?? body.error ?? '')}`);
  }
}

/**
 * The public API of this stack, called as a merchant calls it, with the account's secret key (which
 * stays in this process). `origin` is the stack's own `http://localhost:PORT`.
 */
export const apiClient = (origin: () => string) => {
  const call = async (
    method: 'GET' | 'PUT',
    account: DashboardAccount,
    environment: Environment,
    path: string,
  ): Promise<ApiObject> => {
    const key = Buffer.from(`${account.secretKeys[environment]}:`).toString('base64');
    const response = await fetch(`${origin()}/${environment}${path}`, {
      method,
      headers: { accept: 'application/json', authorization: `Basic ${key}` },
    });
    const body = (await response.json().catch(() => ({}))) as ApiObject;
    if (!response.ok) throw new ApiRefusal({ status: response.status, body });
    return body;
  };
  return {
    get: (account: DashboardAccount, environment: Environment, path: string) =>
      call('GET', account, environment, path),
    put: (account: DashboardAccount, environment: Environment, path: string) =>
      call('PUT', account, environment, path),
  };
};

export type ApiClient = ReturnType<typeof apiClient>;
