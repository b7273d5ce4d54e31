/**
 * The in-memory store: every store port over one world held in this process (nothing kept after
 * it stops), behaving as the DynamoDB store does: the same refusals, orders, pages, counts and
 * races with one winner, proven by the store's contract suite (test/contract) run on both.
 */
export {
  createMemoryStore,
  type MemoryRepositories,
  type MemoryStore,
  memoryRepositoriesOf,
  memoryStoreOver,
} from './store.ts';
export { ConditionFailed } from './world/change.ts';
export { MemoryWorld, type MemoryWorldOptions } from './world/world.ts';
