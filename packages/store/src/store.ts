import { defaultRetention, type Retention } from '@wattle/domain';
import type { CardCipher } from './kernel/card-cipher.ts';
import type { DocumentClient } from './kernel/client.ts';
import type { StoreContext } from './kernel/context.ts';
import * as registry from './parts.ts';

/** The store's repositories by their port names, each the implementation of its port (@wattle/ports). */
export type Repositories = { readonly [K in keyof typeof registry]: ReturnType<(typeof registry)[K]> };

/** All repositories over one table (every part of ./parts.ts), and their context. */
export type Store = Repositories & { readonly ctx: StoreContext };

/** Every repository of the registry (./parts.ts) over `ctx`. */
export const storeOver = (ctx: StoreContext): Store => {
  const made = Object.entries(registry).map(([name, part]) => [name, part({ storeContext: ctx })]);
  return { ctx, ...Object.fromEntries(made) } as Store;
};

/** The repositories by their port names, for the composition that hands them to the flows. */
export const repositoriesOf = (store: Store): Repositories => {
  const { ctx: _, ...repositories } = store;
  return repositories;
};

/**
 * What the repositories share (client, table, cipher, retention), without building any of them:
 * a Lambda composes only the repositories its routes use over it (@wattle/runtime/parts).
 */
export const storeContext = (
  doc: DocumentClient,
  tableName: string,
  cipher: CardCipher,
  retention: Retention = defaultRetention,
  timeLeft?: () => number,
): StoreContext => ({ doc, tableName, cipher, retention, ...(timeLeft ? { timeLeft } : {}) });

export const createStore = (
  doc: DocumentClient,
  tableName: string,
  cipher: CardCipher,
  retention: Retention = defaultRetention,
): Store => storeOver(storeContext(doc, tableName, cipher, retention));
