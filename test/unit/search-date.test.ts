import { parseSearchDate } from '@wattle/wire';
import { describe, expect, it } from 'vitest';

const read = (text: string): string | null => parseSearchDate(text)?.toISOString() ?? null;

describe('search dates', () => {
  it('reads YYYY/MM/DD and YYYY-MM-DD as midnight UTC', () => {
    expect(read('2011/03/25')).toBe('2011-03-25T00:00:00.000Z');
    expect(read('2011-03-25')).toBe('2011-03-25T00:00:00.000Z');
    expect(read('2011/3/5')).toBe('2011-03-05T00:00:00.000Z');
    expect(read('  2012/12/25 ')).toBe('2012-12-25T00:00:00.000Z');
  });

  it('reads ISO 8601 timestamps at the instant they name', () => {
    expect(read('2011-03-25T10:20:30Z')).toBe('2011-03-25T10:20:30.000Z');
    expect(read('2011-03-25T10:20:30.5z')).toBe('2011-03-25T10:20:30.500Z');
    expect(read('2011-03-25T10:20:30.123456Z')).toBe('2011-03-25T10:20:30.123Z');
    expect(read('2011-03-25T10:00:00+10:00')).toBe('2011-03-25T00:00:00.000Z');
    expect(read('2011-03-25T01:00:00+1000')).toBe('2011-03-24T15:00:00.000Z');
    expect(read('2011-03-25T20:00-05')).toBe('2011-03-26T01:00:00.000Z');
    // Ruby's Time#to_s, as a Ruby client would send a Time.
    expect(read('2011-03-25 10:00:00 +1000')).toBe('2011-03-25T00:00:00.000Z');
    // No zone: UTC.
    expect(read('2011-03-25T10:00:00')).toBe('2011-03-25T10:00:00.000Z');
  });

  it('reads written dates, month first or day first', () => {
    for (const text of [
      'Mar 25, 2011',
      'Mar 25 2011',
      'March 25 2011',
      'March 25, 2011',
      'march 25th, 2011',
      'Mar. 25, 2011',
      '25 March 2011',
      '25 Mar 2011',
      '25th MARCH 2011',
      '25 Mar, 2011',
    ]) {
      expect(read(text), text).toBe('2011-03-25T00:00:00.000Z');
    }
    expect(read('Sept 1, 2011')).toBe('2011-09-01T00:00:00.000Z');
    expect(read('1 Sep 2011')).toBe('2011-09-01T00:00:00.000Z');
  });

  it('knows leap years', () => {
    expect(read('2012/02/29')).toBe('2012-02-29T00:00:00.000Z');
    expect(read('2000-02-29')).toBe('2000-02-29T00:00:00.000Z');
    expect(read('Feb 29, 2011')).toBeNull();
    expect(read('1900/02/29')).toBeNull();
  });

  it('refuses days that do not exist rather than rolling them over', () => {
    for (const text of [
      '2011/13/01',
      '2011/00/10',
      '2011/02/31',
      '2011-04-31',
      '2011/03/00',
      '31 Feb 2011',
      'Jun 31, 2011',
      '2011-03-25T24:00:00Z',
      '2011-03-25T10:60:00Z',
      '2011-03-25T10:00:60Z',
      '2011-03-25T10:00:00+24:00',
      '2011-03-25T10:00:00+10:60',
    ]) {
      expect(read(text), text).toBeNull();
    }
  });

  it('refuses garbage and forms it does not read', () => {
    for (const text of [
      '',
      'yesterday',
      'garbage',
      '01-01-2000',
      '25/03/2011',
      '2011/03-25',
      '20110325',
      '11/03/25',
      'Smarch 25, 2011',
      'Ma 25, 2011',
      '25 2011',
      'Mar 2011',
      '2011-03-25T10',
      '2011-03-25T10:00:00 10:00',
      '2011-03-25 and more',
    ]) {
      expect(read(text), text).toBeNull();
    }
  });
});
