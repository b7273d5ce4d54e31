import { describe, expect, it } from 'vitest';
import { parseOperationNames } from '../bench/api-operations.ts';

describe("the bench's --only", () => {
  const among = ['create charge', 'get charge', 'list charges'] as const;

  it('takes comma-separated operation names, spaces around them ignored', () => {
    expect(parseOperationNames('get charge, list charges', among)).toEqual(['get charge', 'list charges']);
  });

  it('refuses a name it would not measure, naming those it would', () => {
    expect(() => parseOperationNames('get charges', among)).toThrow(
      '--only takes operations among "create charge", "get charge", "list charges", comma-separated; not "get charges"',
    );
  });

  it('refuses an empty list', () => {
    expect(() => parseOperationNames(' , ', among)).toThrow(/not nothing$/);
  });
});
