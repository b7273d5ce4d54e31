import { describe, expect, it } from 'vitest';
import { MemoryQueue } from '../../packages/local/src/memory-queue.ts';

const definition = { name: 'q', visibilityTimeoutSeconds: 0.2, maxReceiveCount: 2 };
const never = new AbortController().signal;

describe("the memory engine's queue", () => {
  it('hands out messages oldest first, in batches, each to one receiver until its visibility timeout', async () => {
    const queue = new MemoryQueue(definition);
    queue.send(['a', 'b', 'c']);
    const first = await queue.receive(2, 0, never);
    expect(first.map((m) => m.body)).toEqual(['a', 'b']);
    expect(first[0]?.attributes.ApproximateReceiveCount).toBe('1');
    // In flight: only c is visible.
    expect((await queue.receive(10, 0, never)).map((m) => m.body)).toEqual(['c']);
    expect(await queue.receive(10, 0, never)).toEqual([]);
  });

  it('deletes what was handled; what was not comes back after the timeout, then to the dead letters', async () => {
    const queue = new MemoryQueue(definition);
    queue.send(['done', 'failing']);
    const [done, failing] = await queue.receive(10, 0, never);
    await queue.delete([done!]);
    const again = await queue.receive(10, 1000, never);
    expect(again.map((m) => m.body)).toEqual(['failing']);
    expect(again[0]?.attributes.ApproximateReceiveCount).toBe('2');
    // An old receipt deletes nothing: the message was received again since.
    await queue.delete([failing!]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await queue.receive(10, 0, never)).toEqual([]);
    expect(queue.deadLetters).toEqual(['failing']);
  });

  it('wakes a waiting receiver when a message is sent, and a delayed message waits its delay', async () => {
    const queue = new MemoryQueue(definition);
    const waiting = queue.receive(10, 5000, never);
    setTimeout(() => queue.send(['late']), 20);
    expect((await waiting).map((m) => m.body)).toEqual(['late']);
    queue.send(['delayed'], 0.1);
    expect(await queue.receive(10, 0, never)).toEqual([]);
    const at = Date.now();
    expect((await queue.receive(10, 1000, never)).map((m) => m.body)).toEqual(['delayed']);
    expect(Date.now() - at).toBeGreaterThanOrEqual(50);
  });

  it('wakes the waiting receivers the new messages need, the one waiting longest first; the others wait on', async () => {
    const queue = new MemoryQueue(definition);
    const abort = new AbortController();
    const answered: string[] = [];
    const receiver = (name: string) =>
      queue.receive(10, 10_000, abort.signal).then((messages) => {
        answered.push(`${name}:${messages.map((m) => m.body).join(',')}`);
      });
    const receivers = [receiver('first'), receiver('second'), receiver('third')];
    queue.send(['one']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toEqual(['first:one']);
    queue.send(['two', 'three']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The second takes both (it takes up to 10): the third is not needed, and waits on.
    expect(answered).toEqual(['first:one', 'second:two,three']);
    abort.abort();
    await Promise.all(receivers);
    expect(answered).toEqual(['first:one', 'second:two,three', 'third:']);
  });

  it('answers an aborted wait at once with nothing, and a purge drops everything', async () => {
    const queue = new MemoryQueue(definition);
    const abort = new AbortController();
    const waiting = queue.receive(10, 10_000, abort.signal);
    abort.abort();
    expect(await waiting).toEqual([]);
    queue.send(['x']);
    queue.purge();
    expect(await queue.receive(10, 0, never)).toEqual([]);
  });
});
