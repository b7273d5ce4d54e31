import { setTimeout as sleep } from 'node:timers/promises';
import { InvokeStore } from '@aws/lambda-invoke-store';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { Logger } from '@aws-lambda-powertools/logger';
import { currentDeadline, timeLeftMs, withDeadline } from '@wattle/deadline';
import { asInvocation, runInvocationsApart } from '@wattle/local/invocation-store';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The local stack runs every function in one process, many invocations at once; Powertools keeps
 * an invocation's state (appended log keys, a batch's records and failures) apart only in Lambda's
 * multi-concurrency mode, which the local stack's invocations run in (asInvocation).
 */
describe('invocations at once in one process, as the local stack runs them', () => {
  // As `npm start` does for its process.
  const inherited = process.env.AWS_LAMBDA_MAX_CONCURRENCY;
  beforeAll(async () => {
    delete process.env.AWS_LAMBDA_MAX_CONCURRENCY;
    // As the AWS SDK's first call does, before the mode is set: the library's store for one
    // invocation at a time is made first.
    await InvokeStore.getInstanceAsync();
    runInvocationsApart();
  });
  afterAll(() => {
    // The mode stays with this file: the other unit files of this worker run as Lambda does.
    if (inherited === undefined) delete process.env.AWS_LAMBDA_MAX_CONCURRENCY;
    else process.env.AWS_LAMBDA_MAX_CONCURRENCY = inherited;
  });

  it("keep each invocation's appended log keys on its own lines", async () => {
    const logger = new Logger({ serviceName: 'wattle-test' });
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      const invocation = (who: string, pause: number) =>
        asInvocation(`req-${who}`, async () => {
          logger.appendKeys({ who });
          await sleep(pause);
          logger.info('done', { said: who });
          logger.resetKeys();
        });
      // a appends first and logs last: b's keys are appended in between.
      await Promise.all([invocation('a', 30), invocation('b', 5)]);
    } finally {
      write.mockRestore();
    }
    const logged = lines.map((line) => JSON.parse(line) as { who?: string; said?: string });
    expect(logged.map(({ who, said }) => [said, who]).sort()).toEqual([
      ['a', 'a'],
      ['b', 'b'],
    ]);
  });

  it('answer each SQS batch with its own failures, though the batches overlap', async () => {
    const processor = new BatchProcessor(EventType.SQS);
    const record = (id: string): SQSRecord => ({ messageId: id, body: id }) as SQSRecord;
    const batch = (...ids: string[]): SQSEvent => ({ Records: ids.map(record) });
    // a-2 fails at once and a-1 succeeds late: the second batch begins in between (and, sharing
    // the processor's state, would reset the failures the first answers with).
    const handle = async ({ messageId }: SQSRecord) => {
      await sleep(messageId === 'a-1' ? 40 : 2);
      if (messageId === 'a-2') throw new Error('refused');
    };
    const run = (id: string, event: SQSEvent) =>
      asInvocation(id, () => processPartialResponse(event, handle, processor));
    const [first, second] = await Promise.all([
      run('req-a', batch('a-1', 'a-2')),
      (async () => {
        await sleep(10);
        return run('req-b', batch('b-1', 'b-2'));
      })(),
    ]);
    expect(first.batchItemFailures).toEqual([{ itemIdentifier: 'a-2' }]);
    expect(second.batchItemFailures).toEqual([]);
  });

  it('keep each invocation to its own deadline, as Lambda keeps one invocation to its', async () => {
    const invocation = (who: string, ms: number, pause: number) =>
      asInvocation(`req-${who}`, () =>
        withDeadline(ms, async () => {
          const mine = currentDeadline();
          await sleep(pause);
          // b's deadline began (and, for a, ended) in between: each still reads its own.
          return { same: currentDeadline() === mine, left: timeLeftMs() };
        }),
      );
    const [a, b] = await Promise.all([invocation('a', 60_000, 30), invocation('b', 5_000, 5)]);
    expect(a).toMatchObject({ same: true, left: expect.any(Number) });
    expect(b).toMatchObject({ same: true });
    expect(a.left).toBeGreaterThan(50_000);
    expect(b.left).toBeLessThanOrEqual(5_000);
    // Outside any invocation, after both: no deadline left behind.
    expect(currentDeadline()).toBeUndefined();
  });
});
