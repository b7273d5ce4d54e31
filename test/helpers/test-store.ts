import type { LocalStackOptions } from '@wattle/local';

type StoreEngineName = NonNullable<LocalStackOptions['store']>;

/**
 * The store engine the e2e stacks run on: WATTLE_TEST_STORE (`memory` or `dynamodb`, the default),
 * set by the projects that run the e2e files on the memory engine (vitest.config.ts). The shared
 * stack, the clock stacks and every stack of a file's own start on it.
 */
export const testStore = (env: NodeJS.ProcessEnv = process.env): StoreEngineName => {
  const chosen = env.WATTLE_TEST_STORE || 'dynamodb';
  if (chosen !== 'memory' && chosen !== 'dynamodb')
    throw new Error(`WATTLE_TEST_STORE must be memory or dynamodb, not "${chosen}"`);
  return chosen;
};
