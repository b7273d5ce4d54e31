import {
  type Environment,
  type ProcessorNotification,
  processorNotificationKeptSeconds,
  toEpochSeconds,
} from '@wattle/domain';
import type { NotificationReceipt, ProcessorNotificationsStore } from '@wattle/ports';
import { copy } from '../world/copy.ts';
import type { MemoryWorld } from '../world/world.ts';

interface StoredNotification {
  /** Absent when only its application was marked (as the DynamoDB store's update would leave it). */
  notification?: ProcessorNotification;
  applied: boolean;
  receivedAt?: string;
  lastReceivedAt?: string;
  appliedAt?: string;
  /** Epoch seconds; never for one only marked applied (no arrival set its expiry). */
  expiresAt: number;
}

const idOf = (environment: Environment, processor: string, id: string) => `${environment}#${processor}#${id}`;

/**
 * The processor's notifications, one record each by environment, processor and the notification's
 * id: the first arrival writes it, a resend finds it and learns whether it was applied.
 */
export class ProcessorNotificationsRepo implements ProcessorNotificationsStore {
  private readonly notifications;

  constructor(private readonly world: MemoryWorld) {
    this.notifications = world.expiring<StoredNotification>('processor-notification', (n) => n.expiresAt);
  }

  async receive(
    environment: Environment,
    processor: string,
    notification: ProcessorNotification,
    now: Date,
  ): Promise<NotificationReceipt> {
    const id = idOf(environment, processor, notification.id);
    const at = now.toISOString();
    // First arrival or resend: what an earlier arrival wrote stays, `applied` included.
    const stored = this.notifications.get(id) ?? { applied: false, expiresAt: Number.POSITIVE_INFINITY };
    stored.notification ??= copy(notification);
    stored.receivedAt ??= at;
    stored.lastReceivedAt = at;
    if (stored.expiresAt === Number.POSITIVE_INFINITY) {
      stored.expiresAt = toEpochSeconds(now) + processorNotificationKeptSeconds;
      this.world.expiry.add('processor-notification', id, stored.expiresAt);
    }
    this.notifications.set(id, stored);
    return stored.applied ? 'applied' : 'new';
  }

  async markApplied(environment: Environment, processor: string, id: string, now: Date): Promise<void> {
    const key = idOf(environment, processor, id);
    const stored = this.notifications.get(key) ?? { applied: false, expiresAt: Number.POSITIVE_INFINITY };
    stored.applied = true;
    stored.appliedAt = now.toISOString();
    this.notifications.set(key, stored);
  }
}
