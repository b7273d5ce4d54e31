import type { RehearsalContext } from './context.ts';
export const exerciseBackgroundFunctions = async (_context: RehearsalContext): Promise<void> => {};
