import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';

/** The command line of the JVM serving `port` (DynamoDB Local's), from /proc. */
const javaServing = (port: string): string[] => {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let args: string[];
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // gone since the listing
    }
    const at = args.indexOf('-port');
    if (args[0]?.endsWith('java') && at > 0 && args[at + 1] === port) return args;
  }
  throw new Error(`No java process serves port ${port}`);
};

describe('DynamoDB Local as the local stack starts it', () => {
  // The run's DynamoDB Local (ddb-global-setup.ts) is started by the same startDynamoDbLocal.
  const args = javaServing(new URL(inject('ddbEndpoint')).port);

  it('reports nothing to anyone: telemetry off', () => {
    expect(args).toContain('-disableTelemetry');
  });

  it('answers no web page: its CORS allow-list is an origin that never resolves', () => {
    expect(args[args.indexOf('-cors') + 1]).toBe('https://no-browser.invalid');
  });
});
