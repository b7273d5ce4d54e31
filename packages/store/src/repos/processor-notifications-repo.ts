import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type Environment,
  type ProcessorNotification,
  processorNotificationKeptSeconds,
  toEpochSeconds,
} from '@wattle/domain';
import type { NotificationReceipt, ProcessorNotificationsStore } from '@wattle/ports';
import type { StoreContext } from '../kernel/context.ts';
import { keys } from '../kernel/keys.ts';

/**
 * The processor's notifications, one item each by environment, processor and the notification's
 * id: the first arrival writes it, a resend finds it and learns whether it was applied. Kept as it arrived (in the processor's terms, without card data) for support.
 */
export class ProcessorNotificationsRepo implements ProcessorNotificationsStore {
  constructor(private readonly ctx: StoreContext) {}

  async receive(
    environment: Environment,
    processor: string,
    notification: ProcessorNotification,
    now: Date,
  ): Promise<NotificationReceipt> {
    // One write, first arrival or resend: what an earlier arrival wrote stays, `applied` included.
    const { Attributes } = await this.ctx.doc.send(
      new UpdateCommand({
        TableName: this.ctx.tableName,
        Key: keys.processorNotification(environment, processor, notification.id),
        UpdateExpression:
          'SET #et = :et, #n = if_not_exists(#n, :n), applied = if_not_exists(applied, :no), ' +
          'receivedAt = if_not_exists(receivedAt, :now), lastReceivedAt = :now, ' +
          'expiresAt = if_not_exists(expiresAt, :expires)',
        ExpressionAttributeNames: { '#et': '_et', '#n': 'notification' },
        ExpressionAttributeValues: {
          ':et': 'processor_notification',
          ':n': notification,
          ':no': false,
          ':now': now.toISOString(),
          ':expires': toEpochSeconds(now) + processorNotificationKeptSeconds,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes?.applied === true ? 'applied' : 'new';
  }

  async markApplied(environment: Environment, processor: string, id: string, now: Date): Promise<void> {
    await this.ctx.doc.send(
      new UpdateCommand({
        TableName: this.ctx.tableName,
        Key: keys.processorNotification(environment, processor, id),
        UpdateExpression: 'SET applied = :yes, appliedAt = :now',
        ExpressionAttributeValues: { ':yes': true, ':now': now.toISOString() },
      }),
    );
  }
}
