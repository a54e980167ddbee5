import { BlockList, isIP } from 'node:net';

/**
 * Which addresses an HTTP interface may reach. An administrator writes the URL, but the server makes the call,
 * so a URL must not turn the server into a way in to its own network (SSRF): loopback, private, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast, reserved and unique-local addresses are
 * refused, unless DATA_INTERFACE_HTTP_ALLOW names them. The check runs on the address actually connected to
 * (after DNS), at every redirect, so neither a hostname nor a redirect can lead around it.
 */
const refused = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  refused.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  refused.addSubnet(net, prefix, 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d, ::a.b.c.d) is judged as the IPv4 it is. */
export function normalizeAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^(?:0*:)*(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(bare) ?? /^::ffff:0:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped && isIP(mapped[1]) === 4) return { address: mapped[1], family: 'ipv4' };
  const hex = /^(?:0*:)*ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(bare);
  if (hex) {
    const high = parseInt(hex[1], 16);
    const low = parseInt(hex[2], 16);
    return { address: `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, family: 'ipv4' };
  }
  return { address: bare, family: isIP(bare) === 4 ? 'ipv4' : 'ipv6' };
}

export interface HttpAllowList {
  /** Host names allowed whatever they resolve to (lower case). */
  hosts: Set<string>;
  /** Addresses and networks allowed. */
  networks: BlockList;
}

/**
 * DATA_INTERFACE_HTTP_ALLOW: a comma-separated list of host names, addresses and networks (CIDR) that HTTP
 * interfaces may reach although they are internal, e.g. `intranet.lab.example,10.20.0.0/16,127.0.0.1`.
 */
export function parseAllowList(value: string | undefined): HttpAllowList {
  const hosts = new Set<string>();
  const networks = new BlockList();
  for (const raw of (value ?? '').split(',')) {
    const item = raw.trim().toLowerCase();
    if (!item) continue;
    const [net, prefixText] = item.split('/');
    const { address, family } = normalizeAddress(net);
    if (isIP(address)) {
      const prefix = prefixText === undefined ? (family === 'ipv4' ? 32 : 128) : Number(prefixText);
      if (Number.isInteger(prefix)) networks.addSubnet(address, prefix, family);
    } else hosts.add(item.replace(/^\[|\]$/g, ''));
  }
  return { hosts, networks };
}

/** Whether a connection to this address (of this host name) is allowed. */
export function addressAllowed(address: string, host: string, allow: HttpAllowList): boolean {
  const { address: ip, family } = normalizeAddress(address);
  if (!isIP(ip)) return false;
  if (allow.hosts.has(host.toLowerCase()) || allow.networks.check(ip, family)) return true;
  return !refused.check(ip, family);
}
