/**
 * What a global setup starts once per run though several projects list it (DynamoDB Local for
 * integration and integration-in-process, the clock stacks for clock and browser): the first
 * project's setup starts it, the others' get the same, and the last teardown stops it. Kept on
 * globalThis, as vitest loads a global setup module once per project in its main process.
 */
interface Shared<T> {
  value: Promise<T>;
  users: number;
}

const holder = globalThis as { __wattleOncePerRun?: Map<string, Shared<unknown>> };
holder.__wattleOncePerRun ??= new Map();
const registry = holder.__wattleOncePerRun;

/** `start` once per run under `key`; returns the value and this project's teardown. */
export const oncePerRun = async <T>(
  key: string,
  start: () => Promise<T>,
  stop: (value: T) => Promise<void>,
): Promise<{ value: T; release: () => Promise<void> }> => {
  let shared = registry.get(key) as Shared<T> | undefined;
  if (!shared) {
    shared = { value: start(), users: 0 };
    registry.set(key, shared);
  }
  shared.users += 1;
  const entry = shared;
  const value = await entry.value;
  let released = false;
  return {
    value,
    release: async () => {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users > 0) return;
      registry.delete(key);
      await stop(value);
    },
  };
};
