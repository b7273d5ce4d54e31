import { defaultRetention, retentionFromDays } from '@wattle/domain';
import { loadConfig } from '@wattle/runtime';
import { describe, expect, it } from 'vitest';

describe('the retention of events and webhooks', () => {
  it("is Pin's 30 days unless chosen", () => {
    expect(defaultRetention).toEqual({ eventsSeconds: 30 * 86_400 });
    expect(retentionFromDays(undefined)).toEqual(defaultRetention);
    expect(retentionFromDays('')).toEqual(defaultRetention);
    expect(loadConfig({ WATTLE_TABLE_NAME: 't' }).retention).toEqual(defaultRetention);
  });

  it('takes whole days, at least 30, from WATTLE_EVENT_RETENTION_DAYS', () => {
    expect(loadConfig({ WATTLE_TABLE_NAME: 't', WATTLE_EVENT_RETENTION_DAYS: '90' }).retention).toEqual({
      eventsSeconds: 90 * 86_400,
    });
    for (const bad of ['29', '0', '-30', '30.5', 'month', '1e3']) {
      expect(() => retentionFromDays(bad), bad).toThrow(/at least 30/);
    }
  });
});
