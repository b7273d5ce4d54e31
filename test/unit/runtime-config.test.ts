import { defaultFanOutGraceSeconds, loadConfig, publicBaseUrl } from '@wattle/runtime';
import { describe, expect, it } from 'vitest';

describe('the fan-out grace period (WATTLE_FAN_OUT_GRACE_SECONDS)', () => {
  const base = { WATTLE_TABLE_NAME: 'wattle' };

  it('is five minutes unless set', () => {
    expect(defaultFanOutGraceSeconds).toBe(300);
    expect(loadConfig(base).fanOutGraceSeconds).toBe(300);
    expect(loadConfig({ ...base, WATTLE_FAN_OUT_GRACE_SECONDS: '' }).fanOutGraceSeconds).toBe(300);
  });

  it('takes whole seconds, and refuses anything else at start', () => {
    expect(loadConfig({ ...base, WATTLE_FAN_OUT_GRACE_SECONDS: '60' }).fanOutGraceSeconds).toBe(60);
    for (const bad of ['-1', '1.5', 'five', '60s'])
      expect(() => loadConfig({ ...base, WATTLE_FAN_OUT_GRACE_SECONDS: bad }), bad).toThrow(
        'WATTLE_FAN_OUT_GRACE_SECONDS must be a whole number of seconds',
      );
  });
});

describe("an environment's public base URL (WATTLE_TEST_BASE_URL, WATTLE_LIVE_BASE_URL)", () => {
  const env = {
    WATTLE_TEST_BASE_URL: 'https://abc123.execute-api.ap-southeast-2.amazonaws.com/test',
    WATTLE_LIVE_BASE_URL: 'https://api.shop.example/',
  };

  it('is the configured URL of each environment, without a trailing slash', () => {
    expect(publicBaseUrl('test', env)).toBe('https://abc123.execute-api.ap-southeast-2.amazonaws.com/test');
    expect(publicBaseUrl('live', env)).toBe('https://api.shop.example');
  });

  it('is a deployment mistake when missing or not a plain http(s) URL', () => {
    expect(() => publicBaseUrl('live', {})).toThrow('WATTLE_LIVE_BASE_URL is not set');
    for (const bad of [
      'api.shop.example',
      'javascript://api.shop.example',
      'https://user:pw@api.shop.example',
      'https://api.shop.example/?x=1',
    ])
      expect(() => publicBaseUrl('test', { WATTLE_TEST_BASE_URL: bad }), bad).toThrow(/WATTLE_TEST_BASE_URL/);
  });
});
