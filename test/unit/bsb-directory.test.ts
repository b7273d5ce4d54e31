import { bsbNamesOf, isAssignedBsb, newBankAccount } from '@wattle/domain';
import { describe, expect, it } from 'vitest';

describe('the BSB directory', () => {
  it('names a listed BSB’s bank and branch as Pin does, from AusPayNet’s BSB file', () => {
    // Pin's recorded answers (test/conformance/recordings) for its test BSB.
    expect(bsbNamesOf('806015')).toEqual({
      bankName: 'Cuscal Limited',
      branch: 'Police & Nurses Limited (P&N Bank)',
    });
    expect(bsbNamesOf('063000')).toEqual({
      bankName: 'Commonwealth Bank of Australia',
      branch: '325 Collins St Melbourne',
    });
    expect(bsbNamesOf('732000')).toEqual({
      bankName: 'Westpac Banking Corporation',
      branch: 'Sydney Office 341 George St',
    });
    expect(bsbNamesOf('182512').bankName).toBe('Macquarie Bank Limited');
    expect(bsbNamesOf('633000')).toEqual({
      bankName: 'Bendigo and Adelaide Bank Limited',
      branch: 'Bendigo Bank',
    });
  });

  it('names an unlisted BSB by its most specific institution code, with no branch', () => {
    // 08 is National Australia Bank's; 083000 itself is not in the file.
    expect(bsbNamesOf('083000')).toEqual({ bankName: 'National Australia Bank Limited', branch: '' });
    // 61 is Adelaide Bank's, but 611 is another institution's.
    expect(bsbNamesOf('610999').bankName).toBe(
      'Adelaide Bank (a division of Bendigo and Adelaide Bank Limited)',
    );
    expect(bsbNamesOf('611999').bankName).toBe('Australian Mutual Bank Limited');
  });

  it('accepts every BSB the tests, the docs and the seed data use', () => {
    for (const bsb of ['063000', '062000', '083000', '123456', '806015'])
      expect(isAssignedBsb(bsb)).toBe(true);
    expect(bsbNamesOf('123456')).toEqual({ bankName: 'Bank of Queensland Limited', branch: '' });
  });

  it('refuses a BSB whose first two digits no institution has', () => {
    for (const bsb of ['000000', '020000', '050123', '070000', '131000', '200000', '999999']) {
      expect(isAssignedBsb(bsb), bsb).toBe(false);
    }
  });

  it('accepts an unlisted code within an assigned pair, with no bank name', () => {
    expect(isAssignedBsb('779001')).toBe(true);
    expect(bsbNamesOf('779001')).toEqual({ bankName: '', branch: '' });
  });

  it("gives a new bank account its bank's and branch's names", () => {
    const account = newBankAccount({ name: 'R', bsb: '806015', number: '123456789' }, 'ba_x', 'now');
    expect(account).toMatchObject({
      bankName: 'Cuscal Limited',
      branch: 'Police & Nurses Limited (P&N Bank)',
    });
  });
});
