import {
  isDeliveryDue,
  newWebhook,
  replayedWebhook,
  webhookAccepted,
  webhookAttemptFailed,
  webhookErrorTime,
} from '@wattle/domain';
import { presentWebhook } from '@wattle/wire';
import { describe, expect, it } from 'vitest';

const ids = { token: (prefix: string) => `${prefix}_${'x'.repeat(22)}` };
const endpoint = { token: 'whe_1', url: 'https://example.com/hooks' };
const created = newWebhook(ids, endpoint, 'evt_1', '2026-11-21T05:00:00Z');
const at = new Date('2026-11-21T05:00:07.250Z');
const failure = { error: 'unexpected_http_code', error_description: 'Unexpected http code 500' };

describe('webhooks', () => {
  it('start pending, with the shape SPEC.md gives the webhook object', () => {
    expect(presentWebhook(created)).toEqual({
      token: 'whr_xxxxxxxxxxxxxxxxxxxxxx',
      status: 'pending',
      url: 'https://example.com/hooks',
      event_token: 'evt_1',
      webhook_endpoint_token: 'whe_1',
      created_at: '2026-11-21T05:00:00Z',
      accepted_at: null,
      next_run: null,
      retries: 0,
      errors: {},
    });
    expect(isDeliveryDue(created, at)).toBe(true);
  });

  it('record a failure under its UTC time and retry at the next run', () => {
    const failed = webhookAttemptFailed(created, failure, at, '2026-11-21T05:01:07Z');
    expect(webhookErrorTime(at)).toBe('2026-11-21 05:00:07 UTC');
    expect(failed).toMatchObject({
      status: 'retrying',
      retries: 1,
      nextRun: '2026-11-21T05:01:07Z',
      errors: { '2026-11-21 05:00:07 UTC': failure },
    });
    expect(isDeliveryDue(failed, at)).toBe(false);
    expect(isDeliveryDue(failed, new Date('2026-11-21T05:01:07Z'))).toBe(true);
  });

  it('fail for good when no retry is left', () => {
    const failed = webhookAttemptFailed({ ...created, retries: 12 }, failure, at, null);
    expect(failed).toMatchObject({ status: 'failed', retries: 13, nextRun: null });
    expect(isDeliveryDue(failed, new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });

  it('complete on acceptance, keeping the errors of earlier attempts', () => {
    const failed = webhookAttemptFailed(created, failure, at, '2026-11-21T05:01:07Z');
    const done = webhookAccepted(failed, '2026-11-21T05:01:08Z');
    expect(done).toMatchObject({
      status: 'completed',
      acceptedAt: '2026-11-21T05:01:08Z',
      nextRun: null,
      retries: 1,
    });
    expect(Object.keys(done.errors)).toHaveLength(1);
    expect(isDeliveryDue(done, new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });

  it('replay to pending with retries 0, errors emptied, accepted_at and next_run null', () => {
    const done = webhookAccepted(webhookAttemptFailed(created, failure, at, '2026-11-21T05:01:07Z'), 'x');
    expect(replayedWebhook(done)).toEqual({ ...created, status: 'pending' });
  });
});
