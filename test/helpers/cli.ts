import { runCli } from '@wattle/cli';

/** What a run of the command line printed, and its exit code. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run wattle -- ARGS` run in this process: runCli, what packages/cli/src/main.ts runs with the
 * process's argv, environment and streams, here with `env` over this process's and its lines
 * collected as console.log and console.error would write them. For a test of what a command does
 * and prints, without half a second of process start each time; a test of the process itself
 * (Ctrl-C, a command that runs until stopped, AWS settings of the environment) starts one.
 */
export const runWattle = async (args: string[], env: Record<string, string> = {}): Promise<CliRun> => {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    env: { ...process.env, ...env },
    out: (text) => {
      stdout += `${text}\n`;
    },
    err: (text) => {
      stderr += `${text}\n`;
    },
    stopSignal: () => new AbortController().signal,
  });
  return { code, stdout, stderr };
};

/** runWattle's output, or a rejection with its errors when the command failed (as execFile rejects). */
export const wattleOutput = async (args: string[], env: Record<string, string> = {}): Promise<string> => {
  const ran = await runWattle(args, env);
  if (ran.code !== 0)
    throw new Error(`npm run wattle -- ${args.join(' ')} exited ${ran.code}:\n${ran.stderr}`);
  return ran.stdout;
};
