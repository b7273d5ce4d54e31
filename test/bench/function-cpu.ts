/**
 * `npm run bench:function-cpu`: the CPU one API request costs in the function, free of HTTP, the
 * load generator and most of the machine's noise. The local stack runs in this process; the
 * charges function is invoked directly, `--concurrency` invocations at a time, with the API Gateway
 * events the local gateway builds (buildEvent), made before a round's clock starts (API Gateway
 * makes them, outside the function), and a Lambda context. What is counted is this process's CPU
 * (process.cpuUsage: garbage collection's threads too) per invocation, from the round's first
 * invocation until its events have been moved (the delivery they cause), less what the idle stack
 * spends in that time; the median of `--rounds` rounds after a warm-up round.
 *
 * - `--store memory` (the default): the memory engine, no AWS client at all.
 * - `--store dynamodb`: the stack on DynamoDB Local, as the functions run in AWS (the SDK's
 *   clients over HTTP; the stream pipe, queue and delivery function move the events). Each
 *   operation's DynamoDB calls are recorded from one invocation, and rounds of the function take
 *   turns with rounds of the SDK's low-level client alone sending the same calls (the storage
 *   floor's client and replay, storage-floor.ts, whose writes make the same events), so both meet
 *   the same machine. "own ÷ SDK" is issue 27's measure for the function alone, without the local
 *   HTTP server and gateway that `npm run bench` counts in the service's CPU. For a write, both
 *   sides' rounds include moving the events its writes make, which dilutes the ratio toward 1
 *   (`npm run bench` takes that background off instead).
 *
 *   npm run bench:function-cpu
 *   npm run bench:function-cpu -- --count 5000 --rounds 7 --concurrency 8
 *   npm run bench:function-cpu -- --store dynamodb --only 'get charge'
 */
import type { IncomingMessage } from 'node:http';
import { parseArgs } from 'node:util';
import { buildEvent, routeRequest, startLocalStack } from '@wattle/local';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { lambdaContext } from '../../packages/local/src/functions.ts';
import { chargeFields } from '../helpers/fixtures.ts';
import { formBody } from '../helpers/stack.ts';
import { merchantOn, operations } from './api-operations.ts';
import { installRecorder, type Recording, recordingOf } from './ddb-recorder.ts';
import { median } from './load.ts';
import { floorClient, freshTokens, replay } from './storage-floor.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '8' },
    store: { type: 'string', default: 'memory' },
    only: { type: 'string' },
  },
});
const count = Number(values.count);
const rounds = Number(values.rounds);
const concurrency = Number(values.concurrency);

const measuredNames = ['create charge', 'get charge'] as const;
type MeasuredName = (typeof measuredNames)[number];
if (values.only !== undefined && !(measuredNames as readonly string[]).includes(values.only))
  throw new Error(`--only takes one of ${measuredNames.join(', ')}; not "${values.only}"`);
if (values.store !== 'memory' && values.store !== 'dynamodb')
  throw new Error(`--store is memory or dynamodb, not ${values.store}`);
const onDynamoDb = values.store === 'dynamodb';
process.env.WATTLE_LOG_LEVEL ??= 'SILENT';
const uninstallRecorder = onDynamoDb ? installRecorder() : undefined;
const stack = await startLocalStack({
  port: 0,
  inMemory: true,
  store: values.store,
  quiet: true,
  scheduleIntervalMs: 0,
});
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
  const requests: Record<MeasuredName, (i: number) => APIGatewayProxyEventV2> = {
    'create charge': (): APIGatewayProxyEventV2 => event('POST', '/test/1/charges', form),
    'get charge': (i: number): APIGatewayProxyEventV2 =>
      event('GET', `/test/1/charges/${merchant.charges[i % merchant.charges.length]}`),
  };
  type Invoke = (i: number) => Promise<unknown>;
  /**
   * `n` invocations of the function with `request`'s events, made before the round's clock starts
   * (API Gateway makes them, outside the function).
   */
  const invocations =
    (request: (i: number) => APIGatewayProxyEventV2) =>
    (n: number): Invoke => {
      const events = Array.from({ length: n }, (_, i) => request(i));
      return async (i) => {
        // The context at the call: its clock (the time left) starts there.
        const response = await handler(events[i] as APIGatewayProxyEventV2, lambdaContext('charges', 29_000));
        if ((response.statusCode ?? 0) >= 300)
          throw new Error(`Answered ${response.statusCode}: ${response.body}`);
      };
    };
  /** This process's CPU in µs a millisecond while the stack idles (its pipe and pollers). */
  const idleRate = async (): Promise<number> => {
    const started = process.cpuUsage();
    const at = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const used = process.cpuUsage(started);
    return (used.user + used.system) / (performance.now() - at);
  };
  // After the last call of a round, the events it made are moved (the memory engine's delivery; the
  // DynamoDB engine's stream pipe, queue and delivery function) before the round's CPU is read.
  const settleMs = onDynamoDb ? 1_500 : 400;
  let idle = 0;
  /**
   * CPU in µs per call of the work `prepare` gives, `n` calls `concurrency` at a time and the moving
   * of their events, less what the idle stack spends in that time.
   */
  const round = async (prepare: (n: number) => Invoke, n: number): Promise<number> => {
    const work = prepare(n);
    const started = process.cpuUsage();
    const at = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < n) await work(next++);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const used = process.cpuUsage(started);
    return (used.user + used.system - idle * (performance.now() - at)) / n;
  };
  const recordings = new Map<string, Recording>();
  if (uninstallRecorder) {
    for (const [name, request] of Object.entries(requests))
      recordings.set(name, await recordingOf(() => invocations(request)(1)(0)));
    uninstallRecorder();
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    idle = await idleRate();
  }
  const sdk = onDynamoDb ? floorClient(stack.ddbEndpoint, stack.ddbAccessKeyId) : undefined;
  const listed = (measured: number[]) => measured.map((m) => m.toFixed(0)).join(', ');
  console.log(
    `Charges function, invoked directly, ${concurrency} at a time, ${count} a round, on the ${values.store} engine (µs of CPU an invocation):`,
  );
  for (const [name, request] of Object.entries(requests)) {
    if (values.only && values.only !== name) continue;
    const recording = recordings.get(name);
    const alone: (() => Invoke) | undefined =
      sdk && recording ? () => () => replay(sdk, recording, freshTokens(recording)) : undefined;
    await round(invocations(request), count);
    if (alone) await round(alone, count);
    const measured: number[] = [];
    const floor: number[] = [];
    for (let r = 0; r < rounds; r++) {
      measured.push(await round(invocations(request), count));
      if (alone) floor.push(await round(alone, count));
    }
    console.log(`  ${name}: median ${median(measured).toFixed(0)} µs (rounds: ${listed(measured)})`);
    if (alone && recording)
      console.log(
        `    the SDK alone, its ${recording.calls.length} call(s): median ${median(floor).toFixed(0)} µs (rounds: ${listed(floor)}); own ÷ SDK ${(median(measured) / median(floor)).toFixed(2)}`,
      );
  }
} finally {
  await stack.stop();
}
