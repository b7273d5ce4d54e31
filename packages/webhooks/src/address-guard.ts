import type { BlockList } from 'node:net';

/*
 * node:net and node:dns/promises are taken at first use, not imported: a static import makes Node's
 * ESM loader load each whole at every function's start, and only webhook sends need them.
 */
const net = () => process.getBuiltinModule('node:net');
const isIP = (address: string) => net().isIP(address);

/**
 * The SSRF guard: addresses a webhook may never be sent to, checked after DNS resolution. IPv4
 * rules also match IPv4-mapped IPv6 addresses (`::ffff:10.0.0.1`, `::ffff:a00:1`): BlockList
 * checks those by their IPv4 address, so a mapped public address stays allowed.
 */
const forbiddenList = (): BlockList => {
  const forbidden = new (net().BlockList)();
  for (const [network, prefix] of [
    ['0.0.0.0', 8], // "this" network: 0.0.0.0 reaches the local host
    ['10.0.0.0', 8], // private
    ['100.64.0.0', 10], // carrier-grade NAT (and Alibaba's metadata service, 100.100.100.200)
    ['127.0.0.0', 8], // loopback
    ['169.254.0.0', 16], // link-local, and the EC2/ECS/GCP/Azure metadata services
    ['172.16.0.0', 12], // private
    ['192.0.0.0', 24], // IETF protocol assignments
    ['192.168.0.0', 16], // private
    ['198.18.0.0', 15], // benchmarking
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, and broadcast
  ] as const) {
    forbidden.addSubnet(network, prefix, 'ipv4');
  }
  for (const [network, prefix] of [
    ['::', 96], // unspecified, loopback, IPv4-compatible
    ['64:ff9b::', 96], // NAT64: would reach an IPv4 address we cannot check here
    ['100::', 64], // discard-only
    ['2001::', 32], // Teredo: tunnels to an IPv4 address, the same
    ['64:ff9b:1::', 48], // local-use NAT64
    ['2002::', 16], // 6to4, the same
    ['fc00::', 7], // unique local, with EC2's IPv6 metadata service fd00:ec2::254
    ['fe80::', 10], // link-local
    ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
    ['ff00::', 8], // multicast
  ] as const) {
    forbidden.addSubnet(network, prefix, 'ipv6');
  }
  return forbidden;
};

const loopbackList = (): BlockList => {
  const loopback = new (net().BlockList)();
  loopback.addSubnet('127.0.0.0', 8, 'ipv4');
  loopback.addAddress('::1', 'ipv6');
  return loopback;
};

let lists: { forbidden: BlockList; loopback: BlockList } | undefined;

export interface GuardOptions {
  /** Lets loopback addresses through: the local stack's receivers run on the same machine. */
  allowLoopback: boolean;
}

/** Whether a webhook may not be sent to `address` (an IP address in text form). */
export const isForbiddenAddress = (address: string, options: GuardOptions): boolean => {
  const family = isIP(address);
  if (family === 0) return true;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  lists ??= { forbidden: forbiddenList(), loopback: loopbackList() };
  if (options.allowLoopback && lists.loopback.check(address, type)) return false;
  return lists.forbidden.check(address, type);
};

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses (the system resolver by default). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  process.getBuiltinModule('node:dns/promises').lookup(hostname, { all: true, verbatim: true });

/**
 * Why a host cannot be sent to. The text, which the merchant sees in the webhook's errors, does
 * not name the address: it would tell what a name resolves to inside our network.
 */
export class AddressNotAllowedError extends Error {
  constructor(readonly address: string) {
    super('The host resolves to an address webhooks may not reach');
    this.name = 'AddressNotAllowedError';
  }
}

export class HostNotFoundError extends Error {
  constructor(
    readonly hostname: string,
    options?: ErrorOptions,
  ) {
    super(`Could not resolve the host ${hostname}`, options);
    this.name = 'HostNotFoundError';
  }
}

/**
 * The address to send to: the host itself when it is an IP address, else its first resolved
 * address, once every address it resolves to has passed the guard (one bad address refuses the
 * host). The caller connects to exactly this address, so a second, rebinding lookup cannot slip
 * a forbidden one in.
 */
export const resolveAllowed = async (
  hostname: string,
  options: GuardOptions & { resolve?: Resolver },
): Promise<ResolvedAddress> => {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  if (isIP(bare) !== 0) {
    addresses = [{ address: bare, family: isIP(bare) }];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolver)(bare);
    } catch (error) {
      throw new HostNotFoundError(bare, { cause: error });
    }
  }
  if (addresses.length === 0) throw new HostNotFoundError(bare);
  const refused = addresses.find((a) => isForbiddenAddress(a.address, options));
  if (refused) throw new AddressNotAllowedError(refused.address);
  return addresses[0]!;
};
