// One deployed function's code, run as Lambda's Node.js runtime runs it: its handler module
// imported once, then one invocation at a time from the parent (test/deploy/function-process.ts).
// Plain JavaScript on purpose: the process holds the function's bundle and nothing of the project.
import { pathToFileURL } from 'node:url';

const [handlerModule] = process.argv.slice(2);

const { handler } = await import(pathToFileURL(handlerModule).href);

const invoke = async ({ id, event, context }) => {
  const deadline = Date.now() + context.timeoutMs;
  const lambdaContext = {
    ...context,
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  };
  try {
    process.send({ id, result: (await handler(event, lambdaContext)) ?? null });
  } catch (error) {
    process.send({ id, error: String(error?.stack ?? error) });
  }
};

// As in one Lambda execution environment: the next invocation starts when the last has answered.
let turn = Promise.resolve();
process.on('message', (message) => {
  turn = turn.then(() => invoke(message));
});
process.send({ ready: true });
