/**
 * `npm run bench:function-cpu`: the CPU one API request costs in the function, free of HTTP, the
 * load generator and most of the machine's noise. The local stack on the memory engine runs in this
 * process; the charges function is invoked directly, `--concurrency` invocations at a time, with
 * the API Gateway events the local gateway builds (buildEvent) and a Lambda context. What is counted
 * is this process's CPU (process.cpuUsage: garbage collection's threads too) from the first
 * invocation of a round until the delivery function has fanned out the round's events, per
 * invocation: the function's chain, flows, store and events, and the delivery they cause. The
 * median of `--rounds` rounds, after a warm-up round.
 *
 *   npm run bench:function-cpu
 *   npm run bench:function-cpu -- --count 5000 --rounds 7 --concurrency 8
 */
import type { IncomingMessage } from 'node:http';
import { parseArgs } from 'node:util';
import { buildEvent, routeRequest, startLocalStack } from '@wattle/local';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { lambdaContext } from '../../packages/local/src/functions.ts';
import { chargeFields } from '../helpers/fixtures.ts';
import { formBody } from '../helpers/stack.ts';
import { merchantOn, operations } from './api-operations.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '8' },
  },
});
const count = Number(values.count);
const rounds = Number(values.rounds);
const concurrency = Number(values.concurrency);

const stack = await startLocalStack({ port: 0, inMemory: true, store: 'memory', quiet: true });
try {
  const merchant = await merchantOn(stack.port);
  const make = operations(merchant)['create charge'];
  for (let i = 0; i < 26; i++) await make.send(i);
  // The module the stack's gateway invokes (the same source file, so the same instance).
  const { handler } = (await import('../../functions/charges/src/handler.ts')) as {
    handler: (
      event: APIGatewayProxyEventV2,
      context: ReturnType<typeof lambdaContext>,
    ) => Promise<Exclude<APIGatewayProxyResultV2, string>>;
  };
  const authorization = `Basic ${Buffer.from(`${merchant.secretKey}:`).toString('base64')}`;
  const socket = { remoteAddress: '127.0.0.1', localPort: stack.port };
  /** The event the local gateway builds for this request. */
  const event = (method: string, rawPath: string, body = ''): APIGatewayProxyEventV2 =>
    buildEvent({
      req: { method, socket } as unknown as IncomingMessage,
      headers: {
        host: `localhost:${stack.port}`,
        authorization,
        accept: 'application/json',
        'user-agent': 'wattle-bench',
        ...(body
          ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length) }
          : {}),
      },
      rawPath,
      rawQueryString: '',
      body: Buffer.from(body),
      routed: routeRequest(method, rawPath),
      requestId: `bench-${Math.random()}`,
      at: new Date(),
    });
  const form = formBody(chargeFields());
  const requests = {
    'create charge': (): APIGatewayProxyEventV2 => event('POST', '/test/1/charges', form),
    'get charge': (i: number): APIGatewayProxyEventV2 =>
      event('GET', `/test/1/charges/${merchant.charges[i % merchant.charges.length]}`),
  };
  /** Each invocation's CPU in µs, over `count` invocations `concurrency` at a time and their events' delivery. */
  const round = async (request: (i: number) => APIGatewayProxyEventV2, n: number): Promise<number> => {
    const started = process.cpuUsage();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < n) {
          const response = await handler(request(next++), lambdaContext('charges', 29_000));
          if ((response.statusCode ?? 0) >= 300)
            throw new Error(`Answered ${response.statusCode}: ${response.body}`);
        }
      }),
    );
    // The memory engine's delivery of the round's events (an idle stack spends no CPU waiting).
    await new Promise((resolve) => setTimeout(resolve, 400));
    const used = process.cpuUsage(started);
    return (used.user + used.system) / n;
  };
  console.log(
    `Charges function, invoked directly, ${concurrency} at a time, ${count} a round (µs of CPU an invocation):`,
  );
  for (const [name, request] of Object.entries(requests)) {
    await round(request, count);
    const measured: number[] = [];
    for (let r = 0; r < rounds; r++) measured.push(await round(request, count));
    const sorted = [...measured].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] as number;
    console.log(
      `  ${name}: median ${median.toFixed(0)} µs (rounds: ${measured.map((m) => m.toFixed(0)).join(', ')})`,
    );
  }
} finally {
  await stack.stop();
}
