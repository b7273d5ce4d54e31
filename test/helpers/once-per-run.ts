/**
 * What a global setup starts once per run though several projects list it (DynamoDB Local for
 * integration and integration-in-process, the clock stacks for clock and browser): the first
 * project's setup starts it, or the run's start did (startEarly), the others' get the same, and the
 * last teardown stops it. Kept on globalThis, as vitest loads a global setup module once per project
 * in its main process.
 */
export interface RunResource<T> {
  /** What it is, for the run: the same key is the same resource. */
  key: string;
  start: () => Promise<T>;
  stop: (value: T) => Promise<void>;
}

interface Shared<T> {
  value: Promise<T>;
  users: number;
}

const holder = globalThis as { __wattleOncePerRun?: Map<string, Shared<unknown>> };
holder.__wattleOncePerRun ??= new Map();
const registry = holder.__wattleOncePerRun;

const started = <T>({ key, start }: RunResource<T>): Shared<T> => {
  let shared = registry.get(key) as Shared<T> | undefined;
  if (!shared) {
    shared = { value: start(), users: 0 };
    // A failed start is the setup's to report, when it takes the value up.
    shared.value.catch(() => {});
    registry.set(key, shared);
  }
  return shared;
};

/**
 * Starts `resource` now, without waiting for it, for a project's setup to take up later
 * (test/helpers/prestart-reporter.ts): vitest runs the projects' global setups one after another,
 * and the run's JVM and stacks start side by side instead. Only its setup's oncePerRun stops it.
 */
export const startEarly = <T>(resource: RunResource<T>): void => {
  started(resource);
};

/** `resource` once per run; returns the value and this project's teardown. */
export const oncePerRun = async <T>(
  resource: RunResource<T>,
): Promise<{ value: T; release: () => Promise<void> }> => {
  const entry = started(resource);
  entry.users += 1;
  const value = await entry.value;
  let released = false;
  return {
    value,
    release: async () => {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users > 0) return;
      registry.delete(resource.key);
      await resource.stop(value);
    },
  };
};
