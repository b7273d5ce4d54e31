import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { ExpiredItem, ExpiringList } from '@wattle/ports';
import { scopedTokenOf } from './keys.ts';
import { countedExpiringTypes, entityTypeAttribute, ttlDeleter } from './table.ts';

/** The parts of a table stream record (as Lambda or the local sweep delivers it) read here. */
export interface TableStreamRecord {
  eventName?: string;
  userIdentity?: { type?: string; principalId?: string };
  dynamodb?: { OldImage?: Record<string, unknown> };
}

const listOfType: Record<(typeof countedExpiringTypes)[number], ExpiringList> = {
  event: 'events',
  webhook: 'webhooks',
};

/**
 * The counted item a stream record says DynamoDB's TTL deleted; null for anything else (our own
 * deletes, other items), which the consumer skips. The stream filter lets only these through; this
 * checks again, so a wider filter never makes a count wrong.
 */
export const expiredItemOfStreamRecord = (record: TableStreamRecord): ExpiredItem | null => {
  if (record.eventName !== 'REMOVE') return null;
  if (record.userIdentity?.type !== ttlDeleter.type) return null;
  if (record.userIdentity.principalId !== ttlDeleter.principalId) return null;
  const image = record.dynamodb?.OldImage;
  if (!image) return null;
  const item = unmarshall(image as Record<string, AttributeValue>);
  const type = item[entityTypeAttribute] as string;
  if (!(countedExpiringTypes as readonly string[]).includes(type)) return null;
  const owner = typeof item.pk === 'string' ? scopedTokenOf(item.pk) : null;
  if (!owner) return null;
  return { list: listOfType[type as keyof typeof listOfType], ...owner };
};
