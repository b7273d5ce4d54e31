import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Source maps read so far, by bundle path (null: none beside it, or unreadable). */
const maps = new Map<string, SourceMap | null>();

const mapOf = (file: string): SourceMap | null => {
  let map = maps.get(file);
  if (map === undefined) {
    try {
      // node:fs is loaded here, on the first error, not at every cold start (about 1.5 ms of CPU).
      const { readFileSync } = process.getBuiltinModule('node:fs');
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  return map;
};

/** `file:///var/task/index.mjs:1:2345` or `/var/task/index.mjs:1:2345` in a stack frame. */
const frameLocation = /(file:\/\/\/[^\s():]+|\/[^\s():]+):(\d+):(\d+)/g;

/**
 * A stack trace with the bundle's positions turned into the sources' (`packages/flows/src/…:12:5`)
 * through the source map shipped beside the bundle, read on the first error only: the functions
 * start without `--enable-source-maps`, which read the map at every cold start (docs/performance/benchmarks.md).
 * Frames without a map (Node's own, or code run from source as the local stack runs it) are left
 * as they are, as is everything when Node maps stacks itself.
 */
export const readableStack = (stack: string): string => {
  if (process.sourceMapsEnabled) return stack;
  return stack.replace(frameLocation, (whole, location: string, line: string, column: string) => {
    const file = location.startsWith('file://') ? fileURLToPath(location) : location;
    const origin = mapOf(file)?.findOrigin(Number(line), Number(column));
    if (!origin || !('fileName' in origin)) return whole;
    return `${origin.fileName}:${origin.lineNumber}:${origin.columnNumber}`;
  });
};

/** Maps the stack of `error` and of its causes in place (it is being logged: the trace is for people). */
export const makeStackReadable = (error: unknown, depth = 0): void => {
  if (!(error instanceof Error) || depth > 5) return;
  if (typeof error.stack === 'string') error.stack = readableStack(error.stack);
  makeStackReadable(error.cause, depth + 1);
};
