import type { RehearsalContext } from './context.ts';
export const provesRefusal = async (_context: RehearsalContext): Promise<void> => {};
