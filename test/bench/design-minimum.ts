/**
 * The fewest DynamoDB round trips each operation needs given what it must guarantee, with the
 * reason in one line: the yardstick for the recorded costs.
 */
import type { OperationName } from './api-operations.ts';

export const designMinimum: Record<OperationName, { roundTrips: number; why: string }> = {
  'create charge': {
    roundTrips: 2,
    why: 'a transaction reserving the payment (with its recovery due item) before the processor is asked, one settling it after (payment, charges count, balance bucket, credit entry, event, fan-out marker, events count, due item removed)',
  },
  'get charge': { roundTrips: 1, why: 'one consistent GetItem of the payment item' },
  'list charges': {
    roundTrips: 6,
    why: "side by side, one step: a Query on each of the list's 4 index shards and on its unsharded key (charges written before sharding), each for a little over its share of the page, merged; and a BatchGet of the count shards for `pagination.count`",
  },
  'create customer': {
    roundTrips: 1,
    why: "one transaction: customer, its card and its card's owner item, both list counts, the event and the events count",
  },
  authorise: {
    roundTrips: 2,
    why: 'as create charge (reserve, settle), the settle writing the capture lease',
  },
  capture: {
    roundTrips: 3,
    why: 'a consistent read of the payment (the answer and the Pin error depend on its state), a conditional write claiming it before the processor is asked (of a capture and a void racing, only one may reach the acquirer: decision 195), then one transaction using up the lease with the payment, balance bucket, event and events count',
  },
};
