import type { PinError } from '@wattle/domain';
import { maxPage, pageOf } from '@wattle/http';
import { describe, expect, it } from 'vitest';

describe('page', () => {
  it('goes up to the last page served', () => {
    expect(pageOf({ page: String(maxPage) })).toBe(maxPage);
  });

  it('refuses a page past it, on page', () => {
    for (const page of [String(maxPage + 1), '1000000', '99999999999999999999']) {
      try {
        pageOf({ page });
        throw new Error(`page ${page} passed`);
      } catch (error) {
        expect((error as PinError).messages).toEqual([
          { param: 'page', code: 'page_invalid', message: `Page must be at most ${maxPage}` },
        ]);
      }
    }
  });
});
