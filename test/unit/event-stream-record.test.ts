import { eventOfStreamRecord, eventStreamRecord } from '@wattle/store';
import { describe, expect, it } from 'vitest';

describe('an event as a stream record on the events queue (the memory engine writes it)', () => {
  it('is read back by the delivery function’s decoder as the same event in the same scope', () => {
    const scoped = {
      scope: { accountId: 'acct_abc', environment: 'live' as const },
      event: {
        token: 'evt_123',
        type: 'charge.captured' as const,
        data: { token: 'ch_1', amount: 400, card: { display_number: 'XXXX-XXXX-XXXX-0000' } },
        createdAt: '2026-11-27T10:00:00Z',
      },
    };
    const body = eventStreamRecord(scoped);
    expect(JSON.parse(body)).toMatchObject({
      eventName: 'INSERT',
      dynamodb: { NewImage: { _et: { S: 'event' } } },
    });
    expect(eventOfStreamRecord(body)).toEqual(scoped);
  });
});
