import { once } from 'node:events';
import { cardFields, chargeFields } from '../../helpers/fixtures.ts';
import { waitUntil } from '../../helpers/receiver.ts';
import type { Api, OwnStack } from '../../helpers/stack.ts';

export interface Traffic {
  /** Requests answered 2xx so far. */
  answered(): number;
  /** Answers 5xx, with what they were: none expected, crash or not. */
  failures: string[];
  /** Stops the clients and waits for them (a request cut by a crash ends its client). */
  stop(): Promise<void>;
}

/**
 * `clients` loops of writes that each commit events (charges, authorise-then-capture, refunds,
 * customers) on one merchant, until stopped or until the stack stops answering.
 */
export const startTraffic = (client: Api, clients: number): Traffic => {
  let stopped = false;
  let answered = 0;
  const failures: string[] = [];
  const step = async (captured: string[]): Promise<void> => {
    const roll = Math.random();
    const charge = captured[Math.floor(Math.random() * captured.length)];
    let what: string;
    let res: Awaited<ReturnType<Api['post']>>;
    if (roll < 0.25 && charge) {
      what = 'refund';
      res = await client.post(`/1/charges/${charge}/refunds`, { amount: 100 });
    } else if (roll < 0.45) {
      what = 'customer';
      res = await client.post('/1/customers', { email: 'crash@example.com', card: cardFields() });
    } else if (roll < 0.6) {
      what = 'authorise and capture';
      res = await client.post('/1/charges', chargeFields({ capture: false }));
      if (res.status === 201) res = await client.put(`/1/charges/${res.body.response.token}/capture`);
    } else {
      what = 'charge';
      res = await client.post(
        '/1/charges',
        chargeFields({ amount: 1000 + Math.floor(Math.random() * 1000) }),
      );
    }
    if (res.status >= 500) failures.push(`${what} → ${res.status} ${res.text.slice(0, 200)}`);
    if (res.status < 300) answered++;
    if (res.status === 201 && res.body.response?.token?.startsWith('ch_'))
      captured.push(res.body.response.token);
  };
  const loops = Array.from({ length: clients }, async () => {
    const captured: string[] = [];
    while (!stopped) {
      try {
        await step(captured);
      } catch {
        return; // no answer: the stack is gone
      }
    }
  });
  return {
    answered: () => answered,
    failures,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
};

/**
 * kill -9 of the `npm start` process, as a crash: nothing of it runs after. Its watchdog takes
 * DynamoDB Local down within half a second; resolves once that has happened, so the next start
 * opens the data directory alone.
 */
export const crash = async (stack: OwnStack): Promise<void> => {
  const exited = stack.process.exitCode !== null || stack.process.signalCode !== null;
  const gone = exited ? Promise.resolve() : once(stack.process, 'exit');
  stack.process.kill('SIGKILL');
  await gone;
  await waitUntil(
    () =>
      fetch(stack.ddbEndpoint, { signal: AbortSignal.timeout(1000) }).then(
        () => undefined,
        () => true,
      ),
    30_000,
    'DynamoDB Local to stop after the crash',
  );
};
