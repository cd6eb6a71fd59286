import dns from 'node:dns';
import net from 'node:net';
import type { PushConfig } from '../../platform/config.js';

/**
 * Where a push may go (decision 0034): a subscription's endpoint is a URL the browser's push service gave it, but
 * it reaches the server from the browser, so anyone signed in could name an internal address. The server only
 * ever posts to `https` on port 443, at a host of the push services' allow-list, whose every resolved address is
 * public; the connection then uses exactly the addresses checked (`pinnedLookup`), so a name that resolves
 * elsewhere later (DNS rebinding) gains nothing.
 */

/** Why an endpoint was refused (the tests' table reads it; the API answers one message for all). */
export type EndpointRefusal = 'invalid' | 'protocol' | 'userinfo' | 'port' | 'address' | 'host' | 'dns';

export type CheckedEndpoint =
  | { ok: true; url: URL; addresses: dns.LookupAddress[] }
  | { ok: false; reason: EndpointRefusal };

/** Resolves a name to every address (the OS resolver, as the connection would); tests pass their own. */
export type Resolve = (host: string) => Promise<dns.LookupAddress[]>;

export const systemResolve: Resolve = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** Longest endpoint kept (the public services' are under 500 characters). */
export const ENDPOINT_MAX_LENGTH = 2048;

const V4_BLOCKED = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (and Alibaba's metadata 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, the clouds' metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (Oracle's metadata 192.0.0.192)
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
  ['168.63.129.16', 32], // Azure's platform address (metadata and DNS), public in form
] as const;

const V6_BLOCKED = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:2::', 48], // benchmarking
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (AWS's metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const;

const blocked = new net.BlockList();
for (const [address, prefix] of V4_BLOCKED) blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of V6_BLOCKED) blocked.addSubnet(address, prefix, 'ipv6');

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16), if any. */
function embeddedV4(address: string): string | null {
  const words = expandV6(address);
  if (!words) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  if (zeros(0, 5) && words[5] === 0xffff) return v4(words[6], words[7]);
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return v4(words[6], words[7]);
  if (words[0] === 0x2002) return v4(words[1], words[2]);
  return null;
}

/** The eight 16-bit words of an IPv6 address (a dotted IPv4 tail included), or null when it is not one. */
function expandV6(address: string): number[] | null {
  if (!net.isIPv6(address)) return null;
  let text = address.split('%')[0];
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((w) => Number.parseInt(w, 16)) : []);
  const h = part(head);
  const t = tail === undefined ? [] : part(tail);
  const fill = tail === undefined ? [] : Array(8 - h.length - t.length).fill(0);
  const words = [...h, ...fill, ...t];
  return words.length === 8 ? words : null;
}

/**
 * Whether the server must never connect to `address`: loopback, private, link-local, carrier-grade NAT, unique
 * local IPv6, multicast, reserved, documentation, the clouds' metadata addresses, and any IPv6 form that carries
 * one of those IPv4 addresses. Anything that is not an IP address counts as blocked.
 */
export function isBlockedAddress(address: string): boolean {
  if (net.isIPv4(address)) return blocked.check(address, 'ipv4');
  if (!net.isIPv6(address)) return true;
  const v4 = embeddedV4(address);
  if (v4 && blocked.check(v4, 'ipv4')) return true;
  return blocked.check(address.split('%')[0], 'ipv6');
}

/** Whether `host` (lower case, no trailing dot) is on the allow-list: an exact name, or under a `*.` entry. */
export function isAllowedHost(host: string, allowedHosts: readonly string[]): boolean {
  return allowedHosts.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
}

/**
 * Checks an endpoint without the network: an absolute `https:` URL on port 443 (given or implied), no user or
 * password, a host name on the allow-list; an IP literal (any form the URL parser reads: dotted, decimal, octal,
 * hexadecimal, IPv6) is never a push service. The test origin, when the configuration has one (tests only),
 * passes as it is.
 */
export function checkEndpointForm(
  endpoint: string,
  policy: Pick<PushConfig, 'allowedHosts' | 'testOrigin'>,
): { ok: true; url: URL; testOrigin: boolean } | { ok: false; reason: EndpointRefusal } {
  if (endpoint.length > ENDPOINT_MAX_LENGTH || /[\s\\]/.test(endpoint)) return { ok: false, reason: 'invalid' };
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (url.username || url.password) return { ok: false, reason: 'userinfo' };
  if (policy.testOrigin && url.origin === policy.testOrigin) return { ok: true, url, testOrigin: true };
  if (url.protocol !== 'https:') return { ok: false, reason: 'protocol' };
  // The URL parser drops an explicit :443 for https, so any port left is another one.
  if (url.port !== '') return { ok: false, reason: 'port' };
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  // The parser turns 2130706433, 0177.0.0.1 and 0x7f.1 into 127.0.0.1; IPv6 comes in brackets.
  const literal = host.startsWith('[') ? host.slice(1, -1) : net.isIPv4(host) ? host : null;
  if (literal !== null) return { ok: false, reason: isBlockedAddress(literal) ? 'address' : 'host' };
  if (!isAllowedHost(host, policy.allowedHosts)) return { ok: false, reason: 'host' };
  return { ok: true, url, testOrigin: false };
}

/**
 * The whole check (`checkEndpointForm`, then the name's resolution): every address the host resolves to must be
 * public. Answers the addresses to connect to (`pinnedLookup`).
 */
export async function checkEndpoint(
  endpoint: string,
  policy: Pick<PushConfig, 'allowedHosts' | 'testOrigin'>,
  resolve: Resolve = systemResolve,
): Promise<CheckedEndpoint> {
  const form = checkEndpointForm(endpoint, policy);
  if (!form.ok) return form;
  if (form.testOrigin) return { ok: true, url: form.url, addresses: [] };
  let addresses: dns.LookupAddress[];
  try {
    addresses = await resolve(form.url.hostname.replace(/\.$/, ''));
  } catch {
    return { ok: false, reason: 'dns' };
  }
  if (!addresses.length) return { ok: false, reason: 'dns' };
  if (addresses.some((a) => isBlockedAddress(a.address))) return { ok: false, reason: 'address' };
  return { ok: true, url: form.url, addresses };
}

/**
 * A `lookup` for an HTTP request that answers only the addresses already checked, so the connection cannot go
 * anywhere the check did not see (Node asks with `all: true` when it tries several families).
 */
export function pinnedLookup(addresses: dns.LookupAddress[]): net.LookupFunction {
  return ((_host: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  }) as unknown as net.LookupFunction;
}
