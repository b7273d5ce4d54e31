import { defaultFanOutGraceSeconds, loadConfig } from '@wattle/runtime';
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
