import { createMemoryStore, type MemoryStore } from '@wattle/memory-store';
import { fakeCipher } from '../fakes/cipher.ts';

/**
 * A new, empty in-memory store, the flows' store in unit tests: the engine the store's contract
 * suite (test/contract) proves to behave as the DynamoDB store, with the test cipher (`cipher`,
 * which records what it sealed).
 */
export const memoryStore = (): MemoryStore & { cipher: ReturnType<typeof fakeCipher> } => {
  const cipher = fakeCipher();
  return { ...createMemoryStore({ cipher }), cipher };
};

/**
 * `port` with some of its methods replaced (a race staged inside a method, a failure): the others
 * are the port's own, on its own state.
 */
export const overriding = <T extends object>(port: T, overrides: Partial<T>): T =>
  Object.assign(Object.create(port) as T, overrides);
