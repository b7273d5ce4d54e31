/** Levels at which the console shows no info lines: only warnings and errors (or nothing). */
const belowInfo = new Set(['WARN', 'ERROR', 'CRITICAL', 'SILENT']);

/**
 * The console's level, for the stack's own lines and the functions' logs alike: WATTLE_LOG_LEVEL
 * when set (it is what a harness asks for), else WARN under `--quiet`, else INFO.
 */
export const consoleLevel = (quiet: boolean, env: NodeJS.ProcessEnv = process.env): string =>
  env.WATTLE_LOG_LEVEL?.trim().toUpperCase() || (quiet ? 'WARN' : 'INFO');

/** The local stack's own info lines (start-up steps, requests it answers itself, clock moves). */
export interface LocalConsole {
  info(line: string): void;
}

export const localConsole = (level: string): LocalConsole => ({
  info: (line) => {
    if (!belowInfo.has(level)) process.stdout.write(`${line}\n`);
  },
});
