import { describe, expect, it } from 'vitest';
import {
  awsTimeoutsOf,
  connectionTimeoutMs,
  requestTimeoutMs,
} from '../../packages/runtime/src/aws-clients.ts';

describe("an AWS call's connection and attempt timeouts", () => {
  it("are AWS's 1 s and 5 s unless the environment sets them", () => {
    expect(awsTimeoutsOf({})).toEqual({ connectionTimeout: 1_000, requestTimeout: 5_000 });
    expect([connectionTimeoutMs, requestTimeoutMs]).toEqual([1_000, 5_000]);
  });

  it('are the ones the local stack sets for DynamoDB Local', () => {
    expect(
      awsTimeoutsOf({ WATTLE_AWS_CONNECTION_TIMEOUT_MS: '25000', WATTLE_AWS_REQUEST_TIMEOUT_MS: '25000' }),
    ).toEqual({ connectionTimeout: 25_000, requestTimeout: 25_000 });
  });

  it('ignore a setting that is no positive whole number of milliseconds', () => {
    for (const value of ['', '0', '-5', '2.5', 'soon'])
      expect(
        awsTimeoutsOf({ WATTLE_AWS_CONNECTION_TIMEOUT_MS: value, WATTLE_AWS_REQUEST_TIMEOUT_MS: value }),
      ).toEqual({ connectionTimeout: connectionTimeoutMs, requestTimeout: requestTimeoutMs });
  });
});
