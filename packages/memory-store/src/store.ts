import * as registry from './parts.ts';
import { MemoryWorld, type MemoryWorldOptions } from './world/world.ts';

/** The in-memory repositories by their port names (the same names as the DynamoDB store's). */
export type MemoryRepositories = { readonly [K in keyof typeof registry]: ReturnType<(typeof registry)[K]> };

/** Every in-memory repository over one world, and the world (its sweep, its events as they are made). */
export type MemoryStore = MemoryRepositories & { readonly world: MemoryWorld };

/** Every repository of the registry (./parts.ts) over `world`. */
export const memoryStoreOver = (world: MemoryWorld): MemoryStore => {
  const made = Object.entries(registry).map(([name, part]) => [name, part({ memoryWorld: world })]);
  return { world, ...Object.fromEntries(made) } as MemoryStore;
};

/** A new, empty in-memory store. */
export const createMemoryStore = (options: MemoryWorldOptions): MemoryStore =>
  memoryStoreOver(new MemoryWorld(options));

/** The repositories by their port names, for the composition that hands them to the flows. */
export const memoryRepositoriesOf = (store: MemoryStore): MemoryRepositories => {
  const { world: _, ...repositories } = store;
  return repositories;
};
