import type { ProcessorNotification } from '@wattle/domain';
import { describe, expect, it } from 'vitest';
import { useTable } from '../helpers/table.ts';

const table = useTable();

const notification = (id: string): ProcessorNotification => ({
  id,
  kind: 'capture',
  event: 'CAPTURE',
  success: true,
  reference: 'ch_store_1',
  processorReference: 'PSP0000000000002',
  paymentProcessorReference: 'PSP0000000000001',
  amount: { amount: 1000, currency: 'AUD' },
  occurredAt: '2026-11-27T10:00:00+01:00',
  live: false,
});
const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute));

describe("the processor's notifications in the table", () => {
  it('are new until applied, then every resend finds them applied', async () => {
    const store = table.store.processorNotifications;
    const id = 'CAPTURE:PSP0000000000002:true';
    expect(await store.receive('live', 'adyen', notification(id), at(1))).toBe('new');
    // Received, not applied (the function stopped half-way): the resend applies it.
    expect(await store.receive('live', 'adyen', notification(id), at(2))).toBe('new');
    await store.markApplied('live', 'adyen', id, at(3));
    expect(await store.receive('live', 'adyen', notification(id), at(4))).toBe('applied');
  });

  it('are kept apart by environment and processor', async () => {
    const store = table.store.processorNotifications;
    const id = 'REFUND:PSP0000000000003:true';
    await store.receive('live', 'adyen', notification(id), at(1));
    await store.markApplied('live', 'adyen', id, at(2));
    expect(await store.receive('test', 'adyen', notification(id), at(3))).toBe('new');
    expect(await store.receive('live', 'simulator', notification(id), at(3))).toBe('new');
  });

  it('tell both of two racing deliveries to apply (the flow is idempotent per notification), and stay applied after', async () => {
    const store = table.store.processorNotifications;
    const id = 'CANCELLATION:PSP0000000000004:true';
    const answers = await Promise.all([
      store.receive('live', 'adyen', notification(id), at(1)),
      store.receive('live', 'adyen', notification(id), at(1)),
    ]);
    expect(answers).toEqual(['new', 'new']);
    await store.markApplied('live', 'adyen', id, at(2));
    await store.receive('live', 'adyen', notification(id), at(3));
    expect(await store.receive('live', 'adyen', notification(id), at(4))).toBe('applied');
  });
});
