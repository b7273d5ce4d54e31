/**
 * `npm start` as the test runs' stacks run it from a bundle (stack-bundle.ts): the same start
 * command, with the handlers found beside this file's bundle rather than in the functions' sources.
 */
import { handlersBeside, locateHandlers, runStartCommand } from '@wattle/local';

locateHandlers(handlersBeside(import.meta.url));
await runStartCommand(process.argv.slice(2), 'npm start --');
