import { functionDeps } from '@wattle/runtime';
import { expiredItems } from '@wattle/runtime/parts';

/** What the expired-items function uses: its bundle holds these parts and no other. */
export const expiredItemsDeps = functionDeps({ expiredItems });

export type ExpiredItemsDeps = ReturnType<typeof expiredItemsDeps>;
