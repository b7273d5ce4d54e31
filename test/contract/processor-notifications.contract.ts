import type { ProcessorNotification } from '@wattle/domain';
import { describe, expect, it } from 'vitest';
import { at, type Engine, ids } from './subject.ts';

const now = at('2026-11-21T05:00:00Z');

const aNotification = (): ProcessorNotification => ({
  id: `ntf_${ids.token('ch').slice(3)}`,
  kind: 'capture',
  event: 'CAPTURE',
  success: true,
  reference: ids.token('ch'),
  processorReference: 'psp_1',
  amount: { currency: 'AUD', amount: 1000 },
  occurredAt: now.toISOString(),
  live: false,
});

/** ProcessorNotificationsStore: each notification kept once by its id, new until marked applied. */
export const describeProcessorNotifications = (engine: Engine) => {
  describe('processor notifications', () => {
    it('are new until applied, then every resend is applied; by environment and processor', async () => {
      const { processorNotifications: notifications } = engine();
      const notification = aNotification();
      expect(await notifications.receive('test', 'adyen', notification, now)).toBe('new');
      // A resend before it was applied to the end (a crash): apply it again.
      expect(await notifications.receive('test', 'adyen', notification, now)).toBe('new');
      await notifications.markApplied('test', 'adyen', notification.id, now);
      expect(await notifications.receive('test', 'adyen', notification, now)).toBe('applied');
      // The same id from another environment's or another processor's is another notification.
      expect(await notifications.receive('live', 'adyen', notification, now)).toBe('new');
      expect(await notifications.receive('test', 'simulator', notification, now)).toBe('new');
    });

    it('keep a mark of application made before its arrival was recorded', async () => {
      const { processorNotifications: notifications } = engine();
      const notification = aNotification();
      await notifications.markApplied('test', 'adyen', notification.id, now);
      expect(await notifications.receive('test', 'adyen', notification, now)).toBe('applied');
    });
  });
};
