import { threeDSecureSchema, validate } from '@wattle/http';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

const schema = v.object({ three_d_secure: v.optional(threeDSecureSchema) });
const parse = (threeDSecure: Record<string, unknown>) => validate(schema, { three_d_secure: threeDSecure });
const issuesOf = (threeDSecure: Record<string, unknown>) => {
  try {
    parse(threeDSecure);
  } catch (error) {
    return (error as { messages: { param: string; message: string }[] }).messages;
  }
  throw new Error('expected the input to be refused');
};

describe('three_d_secure, redirect form', () => {
  it('takes an http or https callback_url', () => {
    expect(parse({ enabled: 'true', callback_url: 'http://shop.example/back' }).three_d_secure).toEqual({
      enabled: true,
      callbackUrl: 'http://shop.example/back',
      fallbackOk: false,
    });
  });

  it('refuses a callback_url that is no URL at all', () => {
    expect(issuesOf({ enabled: 'true', callback_url: 'not a url' })).toEqual([
      expect.objectContaining({ message: 'Three d secure callback url is not a valid URL' }),
    ]);
  });

  it('refuses a callback_url that is no web address', () => {
    for (const url of ['javascript:alert(document.cookie)', 'data:text/html,hi', 'ftp://shop.example/back']) {
      expect(issuesOf({ enabled: 'true', callback_url: url }), url).toEqual([
        {
          param: 'three_d_secure[callback_url]',
          code: 'three_d_secure_callback_url_invalid',
          message: 'Three d secure callback url must be an http or https URL',
        },
      ]);
    }
  });
});
