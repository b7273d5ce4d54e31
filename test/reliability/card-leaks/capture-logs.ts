/** What the local stack logs: the functions' JSON lines (runtime/logger.ts) and its own `[wattle-local]` lines. */
const isFunctionLog = (line: string): boolean => line.startsWith('{"level":');
const isStackLog = (text: string): boolean => text.includes('[wattle-local]');

export interface LogCapture {
  /** Every log line written since the capture began. */
  lines: string[];
  stop(): void;
}

type Write = typeof process.stdout.write;

/**
 * Captures what this process writes to stdout and stderr that is a log of the stack running in
 * it. The functions' JSON lines are kept and not printed (as the SILENT level kept them quiet);
 * the stack's own error lines are kept and still printed; everything else (the test reporter)
 * passes untouched.
 */
export const captureLogs = (): LogCapture => {
  const lines: string[] = [];
  const restore: (() => void)[] = [];
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write;
    const patched = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
      if (isStackLog(text)) lines.push(...text.split('\n'));
      else {
        const parts = text.split('\n');
        const logs = parts.filter(isFunctionLog);
        if (logs.length > 0) {
          lines.push(...logs);
          const rest_ = parts.filter((line) => !isFunctionLog(line)).join('\n');
          return rest_.trim() === ''
            ? true
            : (original as (...args: unknown[]) => boolean).call(this, rest_, ...rest);
        }
      }
      return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    };
    stream.write = patched as Write;
    restore.push(() => {
      stream.write = original;
    });
  }
  return {
    lines,
    stop: () => {
      for (const undo of restore) undo();
    },
  };
};
