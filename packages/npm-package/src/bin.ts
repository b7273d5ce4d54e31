#!/usr/bin/env node
/**
 * The `wattle` command of the npm package: `wattle start` is the local stack's start command
 * (`npm start` here, but on the memory engine unless `--store dynamodb` asks for the other: it runs
 * on the Node a project has, with nothing else installed), every other command the CLI's
 * (`npm run wattle` here). Built into dist/bin.js, with each function's handler in dist/functions/
 * beside it.
 */
import { fullUsage } from '@wattle/cli';
import { handlersBeside, locateHandlers, runStartCommand } from '@wattle/local';

/** What a parent that started `wattle start` with an IPC channel is told when it is up (index.ts reads it). */
interface ReadyMessage {
  wattle: 'ready';
  info: unknown;
  dataDir: string;
}

const startLine = `Usage: wattle start [options]     starts the local stack (wattle start --help: its options)
       wattle COMMAND [options]   talks to it (below)`;

const [command, ...rest] = process.argv.slice(2);
if (command === 'start') {
  locateHandlers(handlersBeside(import.meta.url));
  const stack = await runStartCommand(rest, 'wattle start', 'memory');
  if (process.send) {
    const ready: ReadyMessage = { wattle: 'ready', info: stack.info, dataDir: stack.dataDir };
    process.send(ready);
    // The parent is gone (it exited, or was killed): stop as on Ctrl-C.
    process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  }
} else if (command === undefined || (['--help', '-h', 'help'].includes(command) && rest.length === 0)) {
  console.log(`${startLine}\n\n${fullUsage}`);
} else {
  await import('@wattle/cli/main');
}
