import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemoryStore } from '@wattle/memory-store';
import { eventOfStreamRecord } from '@wattle/store';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startMemoryEngine } from '../../packages/local/src/memory-engine.ts';
import { aCard, aCustomer, anEvent, at, newScope } from '../contract/subject.ts';

const now = at('2026-11-21T05:00:00Z');

describe("the memory engine's Pipe from its store to the events queue", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const start = async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wattle-memory-pipe-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const engine = await startMemoryEngine({
      persistent: false,
      dataDir,
      cardKey: '11'.repeat(32),
      now: () => now,
      info: () => {},
      cleanups,
    });
    // The stack's store: every repository of the memory store, over the stack's one world.
    const store = engine.store as unknown as MemoryStore;
    const makeCustomer = async () => {
      const scope = newScope();
      const sealed = await store.cardTokens.seal(scope, aCard(now), '4200000000000000');
      const event = anEvent('customer.created', now);
      await store.customers.create(scope, aCustomer(sealed.card, now), { from: 'new', sealed }, event, now);
      return event.token;
    };
    return { engine, makeCustomer };
  };

  it('puts the events made in one turn of the event loop on the queue in one send, each once', async () => {
    const { engine, makeCustomer } = await start();
    const send = vi.spyOn(engine.sources.events as unknown as { send: (bodies: string[]) => void }, 'send');
    const tokens = await Promise.all([makeCustomer(), makeCustomer(), makeCustomer()]);
    // Not yet: the Pipe sends once the turn is over.
    expect(send).not.toHaveBeenCalled();
    await new Promise((resolve) => setImmediate(resolve));
    expect(send).toHaveBeenCalledTimes(1);
    const never = new AbortController().signal;
    const received = await engine.sources.events.receive(10, 0, never);
    expect(received.map((message) => eventOfStreamRecord(message.body).event.token).sort()).toEqual(
      [...tokens].sort(),
    );
    // A later event goes in a send of its own.
    await makeCustomer();
    await new Promise((resolve) => setImmediate(resolve));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('sends nothing of a world a reset emptied before its turn was over', async () => {
    const { engine, makeCustomer } = await start();
    await makeCustomer();
    await engine.empty();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await engine.sources.events.receive(10, 0, new AbortController().signal)).toEqual([]);
  });
});
