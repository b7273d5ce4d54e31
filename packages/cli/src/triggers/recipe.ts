import type { EventType } from '@wattle/domain';
import type { ApiClient } from '../api-client.ts';

/** What a recipe may use: the account's API, and the local stack's clock and control endpoints. */
export interface TriggerContext {
  api: ApiClient;
  /** Moves the local stack's clock (the due jobs have run on return); null against a deployed stack. */
  advance: ((seconds: number) => Promise<void>) | null;
  local: {
    /** A new merchant through POST /_local/accounts: its test environment's client. */
    newMerchant(fields: Record<string, unknown>): Promise<ApiClient>;
    activateMerchant(merchantToken: string): Promise<void>;
    /** The local stack's partner, as a client of the test base URL. */
    partner: ApiClient;
    /** A client of `environment` of the local stack with `key`. */
    clientFor(environment: 'test' | 'live', key: string): ApiClient;
  } | null;
}

/** Where the event a recipe made can be read: the client whose GET /1/events lists it, and its object. */
export interface Made {
  /** The account whose events hold it (the context's api unless the recipe needed another account). */
  events: ApiClient;
  /** The token of the object the event is about (its data.token). */
  about: string;
  /** Said to the user when the event is not in the target account's events. */
  note?: string;
}

export interface Recipe {
  type: EventType;
  /** What the recipe needs beyond the API: the clock, or the local stack's control endpoints. */
  needs: 'api' | 'clock' | 'local';
  /** One line: what it does. */
  does: string;
  run(context: TriggerContext): Promise<Made>;
}

/** The context's clock, or the error saying that this recipe needs the local stack's. */
export const clockOf = (context: TriggerContext) => {
  if (!context.advance) throw new Error('this event needs the local stack’s clock');
  return context.advance;
};

export const localOf = (context: TriggerContext) => {
  if (!context.local) throw new Error('this event needs the local stack');
  return context.local;
};
