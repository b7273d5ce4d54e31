/**
 * `npm start` as the test runs' stacks run it from a bundle (stack-bundle.ts): the same start
 * command, with the handlers found beside this file's bundle rather than in the functions' sources.
 */
import { locateHandlers, runStartCommand } from '@wattle/local';

locateHandlers((fn) => new URL(`./functions/${fn}.js`, import.meta.url).href);
await runStartCommand(process.argv.slice(2), 'npm start --');
