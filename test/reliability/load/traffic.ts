import { cardFields, chargeFields } from '../../helpers/fixtures.ts';
import type { Api, ApiResponse } from '../../helpers/stack.ts';

export interface TrafficReport {
  requests: number;
  byStatus: Map<number, number>;
  /** Every 5xx (and every request that got no answer), with what it was. */
  failures: string[];
  /** Milliseconds each request of an operation took, by operation. */
  latencies: Map<string, number[]>;
}

/** p50, p99 and the slowest, per operation: how far the slowest are from the functions' deadline. */
export const latencySummary = (report: TrafficReport): string[] =>
  [...report.latencies].sort().map(([what, all]) => {
    const sorted = [...all].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return `${what}: n=${sorted.length} p50=${at(0.5)} ms p99=${at(0.99)} ms max=${sorted.at(-1)} ms`;
  });

/** A client's memory of what it made, so it can capture, refund and read it. */
interface Made {
  captured: string[];
  customers: string[];
}

const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

/**
 * One step of a merchant's realistic traffic: as many reads (single resources and lists) as
 * writes (charges, some authorised then captured, refunds of earlier charges, new customers).
 */
const step = async (client: Api, made: Made): Promise<[string, ApiResponse]> => {
  const roll = Math.random();
  if (roll < 0.2) {
    const res = await client.post(
      '/1/charges',
      chargeFields({ amount: 1000 + Math.floor(Math.random() * 1000) }),
    );
    if (res.status === 201) made.captured.push(res.body.response.token);
    return ['POST /1/charges', res];
  }
  if (roll < 0.27) {
    const authorised = await client.post('/1/charges', chargeFields({ capture: false }));
    if (authorised.status !== 201) return ['POST /1/charges capture=false', authorised];
    const token = authorised.body.response.token as string;
    const res = await client.put(`/1/charges/${token}/capture`);
    if (res.status === 201) made.captured.push(token);
    return ['PUT /1/charges/{token}/capture', res];
  }
  const charge = pick(made.captured);
  if (roll < 0.35 && charge)
    return [
      'POST /1/charges/{token}/refunds',
      await client.post(`/1/charges/${charge}/refunds`, { amount: 100 }),
    ];
  if (roll < 0.45) {
    const res = await client.post('/1/customers', { email: 'load@example.com', card: cardFields() });
    if (res.status === 201) made.customers.push(res.body.response.token);
    return ['POST /1/customers', res];
  }
  const customer = pick(made.customers);
  if (roll < 0.65 && charge) return ['GET /1/charges/{token}', await client.get(`/1/charges/${charge}`)];
  if (roll < 0.8 && customer)
    return ['GET /1/customers/{token}', await client.get(`/1/customers/${customer}`)];
  const list = pick(['/1/charges', '/1/customers', '/1/events', '/1/refunds']) as string;
  return [`GET ${list}`, await client.get(list)];
};

/**
 * Each operation of the traffic once, so the stack loads every function it serves (the local
 * stack compiles a function's TypeScript on its first request: seconds, not what is measured).
 */
export const warmUp = async (client: Api): Promise<void> => {
  const charge = await client.post('/1/charges', chargeFields());
  const authorised = await client.post('/1/charges', chargeFields({ capture: false }));
  await client.put(`/1/charges/${authorised.body.response.token}/capture`);
  await client.post(`/1/charges/${charge.body.response.token}/refunds`, { amount: 100 });
  const customer = await client.post('/1/customers', { email: 'load@example.com', card: cardFields() });
  await client.get(`/1/charges/${charge.body.response.token}`);
  await client.get(`/1/customers/${customer.body.response.token}`);
  for (const list of ['/1/charges', '/1/customers', '/1/events', '/1/refunds']) await client.get(list);
};

/** `clients` loops of `step`, spread over `merchants`, until `seconds` have passed. */
export const runTraffic = async (
  merchants: Api[],
  clients: number,
  seconds: number,
): Promise<TrafficReport> => {
  const report: TrafficReport = { requests: 0, byStatus: new Map(), failures: [], latencies: new Map() };
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const client = merchants[i % merchants.length] as Api;
      const made: Made = { captured: [], customers: [] };
      while (Date.now() < deadline) {
        report.requests++;
        const started = performance.now();
        try {
          const [what, res] = await step(client, made);
          const took = Math.round(performance.now() - started);
          report.latencies.set(what, [...(report.latencies.get(what) ?? []), took]);
          report.byStatus.set(res.status, (report.byStatus.get(res.status) ?? 0) + 1);
          if (res.status >= 500) report.failures.push(`${what} → ${res.status} ${res.text.slice(0, 200)}`);
        } catch (error) {
          report.failures.push(`no answer: ${(error as Error).message}`);
        }
      }
    }),
  );
  return report;
};
