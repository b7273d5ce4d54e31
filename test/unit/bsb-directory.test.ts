import { bankNameOf, isAssignedBsb, newBankAccount } from '@wattle/domain';
import { describe, expect, it } from 'vitest';

describe('the BSB directory', () => {
  it('names the institution of a BSB by its most specific code', () => {
    expect(bankNameOf('063000')).toBe('Commonwealth Bank of Australia');
    expect(bankNameOf('732000')).toBe('Westpac Banking Corporation');
    expect(bankNameOf('033000')).toBe('Westpac Banking Corporation');
    expect(bankNameOf('083000')).toBe('National Australia Bank');
    expect(bankNameOf('013000')).toBe('Australia and New Zealand Banking Group');
    expect(bankNameOf('484799')).toBe('Suncorp Bank');
    expect(bankNameOf('182512')).toBe('Macquarie Bank');
    expect(bankNameOf('923100')).toBe('ING Bank');
    // 63x is shared: Bendigo Bank's 633, Heritage Bank's 638.
    expect(bankNameOf('633000')).toBe('Bendigo Bank');
    expect(bankNameOf('638010')).toBe('Heritage Bank');
    // 61x is Adelaide Bank's, but 611 is Select Credit Union's.
    expect(bankNameOf('610101')).toBe('Adelaide Bank (a division of Bendigo and Adelaide Bank)');
    expect(bankNameOf('611000')).toBe('Select Credit Union');
  });

  it('accepts every BSB the tests, the docs and the seed data use', () => {
    for (const bsb of ['063000', '062000', '083000', '123456']) expect(isAssignedBsb(bsb)).toBe(true);
    expect(bankNameOf('123456')).toBe('Bank of Queensland');
  });

  it('refuses a BSB whose first two digits no institution has', () => {
    for (const bsb of ['000000', '020000', '050123', '070000', '131000', '200000', '999999']) {
      expect(isAssignedBsb(bsb), bsb).toBe(false);
    }
  });

  it('accepts an unlisted code within an assigned pair, with no bank name', () => {
    expect(isAssignedBsb('774001')).toBe(true);
    expect(bankNameOf('774001')).toBe('');
  });

  it("gives a new bank account its bank's name", () => {
    const account = newBankAccount({ name: 'R', bsb: '484799', number: '123456789' }, 'ba_x', 'now');
    expect(account.bankName).toBe('Suncorp Bank');
  });
});
