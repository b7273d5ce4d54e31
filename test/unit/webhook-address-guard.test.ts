import { isForbiddenAddress, resolveAllowed } from '@wattle/webhooks';
import { describe, expect, it } from 'vitest';

const guardOn = { allowLoopback: false };
const local = { allowLoopback: true };

describe('the SSRF guard', () => {
  it('refuses loopback, private, link-local, unique-local, CGNAT, unspecified and metadata addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '::1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::5',
      '100.64.0.1',
      '100.100.100.200',
      '0.0.0.0',
      '::',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '64:ff9b::a00:1',
      'not an address',
    ]) {
      expect(isForbiddenAddress(address, guardOn), address).toBe(true);
    }
  });

  it('lets public addresses through', () => {
    for (const address of [
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700:4700::1111',
      '::ffff:1.1.1.1',
    ]) {
      expect(isForbiddenAddress(address, guardOn), address).toBe(false);
    }
  });

  it('lets loopback through only when allowed (the local stack), never 0.0.0.0 or private', () => {
    expect(isForbiddenAddress('127.0.0.1', local)).toBe(false);
    expect(isForbiddenAddress('::1', local)).toBe(false);
    expect(isForbiddenAddress('0.0.0.0', local)).toBe(true);
    expect(isForbiddenAddress('10.0.0.1', local)).toBe(true);
  });

  it('refuses site-local, Teredo and discard-only IPv6, and IPv4-mapped addresses by their IPv4 rules', () => {
    for (const address of [
      'fec0::1',
      'feff:ffff::1',
      '2001::1',
      '2001:0:ffff:ffff::1',
      '100::1',
      '100::ffff:ffff:ffff:ffff',
      '::ffff:a00:1',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '::ffff:0.0.0.0',
    ]) {
      expect(isForbiddenAddress(address, guardOn), address).toBe(true);
    }
    for (const address of [
      '2001:db9::1',
      '2001:1::1',
      '101::1',
      '::ffff:93.184.216.34',
      '::ffff:5db8:d822',
    ]) {
      expect(isForbiddenAddress(address, guardOn), address).toBe(false);
    }
  });

  it('does not name the address a host resolved to in its error text', async () => {
    const resolve = async () => [{ address: '10.0.0.7', family: 4 }];
    const refused = await resolveAllowed('inside.example', { ...guardOn, resolve }).catch((e: Error) => e);
    expect(refused).toMatchObject({ name: 'AddressNotAllowedError' });
    expect((refused as Error).message).not.toContain('10.0.0.7');
  });

  it('checks every address a host resolves to and pins the first', async () => {
    const resolve = async (host: string) =>
      host === 'mixed.example'
        ? [
            { address: '93.184.216.34', family: 4 },
            { address: '10.0.0.7', family: 4 },
          ]
        : [{ address: '93.184.216.34', family: 4 }];
    await expect(resolveAllowed('mixed.example', { ...guardOn, resolve })).rejects.toMatchObject({
      name: 'AddressNotAllowedError',
      address: '10.0.0.7',
    });
    await expect(resolveAllowed('fine.example', { ...guardOn, resolve })).resolves.toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });

  it('checks IP literals without a lookup, brackets and all', async () => {
    const resolve = async () => {
      throw new Error('no lookup for literals');
    };
    await expect(resolveAllowed('[::1]', { ...guardOn, resolve })).rejects.toMatchObject({ address: '::1' });
    await expect(resolveAllowed('[::1]', { ...local, resolve })).resolves.toEqual({
      address: '::1',
      family: 6,
    });
    await expect(resolveAllowed('169.254.169.254', { ...local, resolve })).rejects.toMatchObject({
      name: 'AddressNotAllowedError',
    });
  });

  it('reports a host that does not resolve', async () => {
    const resolve = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await expect(resolveAllowed('nowhere.invalid', { ...guardOn, resolve })).rejects.toMatchObject({
      name: 'HostNotFoundError',
    });
  });
});
