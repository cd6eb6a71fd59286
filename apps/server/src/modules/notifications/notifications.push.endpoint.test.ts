import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../../platform/config.js';
import { checkEndpoint, isAllowedHost, isBlockedAddress, pinnedLookup } from './notifications.push.endpoint.js';

// The endpoint check (decision 0034) as a table: what a subscription's endpoint may name, before and after DNS.

const policy = { allowedHosts: [...DEFAULT_PUSH_SERVICE_HOSTS, '*.push.example'] };

/** A resolver of made-up names, so the table does not depend on the network. */
const names: Record<string, string[]> = {
  'fcm.googleapis.com': ['142.250.79.42', '2607:f8b0:4004:c1b::5f'],
  'updates.push.services.mozilla.com': ['34.107.221.82'],
  'wns2-bl2p.notify.windows.com': ['20.42.65.85'],
  'web.push.apple.com': ['17.188.182.10'],
  'api.push.apple.com': ['17.188.182.11'],
  'public.push.example': ['93.184.216.34'],
  'loopback.push.example': ['127.0.0.1'],
  'private.push.example': ['10.1.2.3'],
  'mixed.push.example': ['93.184.216.34', '192.168.1.10'],
  'metadata.push.example': ['169.254.169.254'],
  'cgnat.push.example': ['100.100.100.200'],
  'v6loop.push.example': ['::1'],
  'v6ula.push.example': ['fd00:ec2::254'],
  'v6link.push.example': ['fe80::1'],
  'v6mapped.push.example': ['::ffff:127.0.0.1'],
  'v6mappedhex.push.example': ['::ffff:a9fe:a9fe'],
  'nat64.push.example': ['64:ff9b::a00:1'],
  'sixtofour.push.example': ['2002:c0a8:101::1'],
  'azure.push.example': ['168.63.129.16'],
};
const resolve = async (host: string): Promise<LookupAddress[]> => {
  const list = names[host];
  if (!list) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const table: [string, string, true | string][] = [
  // The public push services, as browsers hand them out.
  ['FCM (Chrome, Edge on Android)', 'https://fcm.googleapis.com/fcm/send/abc:APA91b', true],
  ['Mozilla', 'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA', true],
  ['WNS (Edge on Windows)', 'https://wns2-bl2p.notify.windows.com/w/?token=BQYAAA', true],
  ['Apple', 'https://web.push.apple.com/QGuQyavXutnMH6Ig2uYOJDwA', true],
  ['Apple, another name', 'https://api.push.apple.com/3/device/x', true],
  ['explicit :443', 'https://fcm.googleapis.com:443/fcm/send/x', true],
  ['upper-case host, trailing dot', 'https://FCM.GoogleAPIs.com./fcm/send/x', true],
  // Scheme, port, credentials.
  ['http', 'http://fcm.googleapis.com/fcm/send/x', 'protocol'],
  ['ftp', 'ftp://fcm.googleapis.com/x', 'protocol'],
  ['javascript:', 'javascript:alert(1)', 'protocol'],
  ['port 8443', 'https://fcm.googleapis.com:8443/fcm/send/x', 'port'],
  ['port 80 on https', 'https://fcm.googleapis.com:80/x', 'port'],
  ['port 0', 'https://fcm.googleapis.com:0/x', 'port'],
  ['userinfo', 'https://user:pass@fcm.googleapis.com/fcm/send/x', 'userinfo'],
  ['user only', 'https://attacker@fcm.googleapis.com/fcm/send/x', 'userinfo'],
  ['not a URL', 'fcm.googleapis.com/fcm/send/x', 'invalid'],
  ['spaces', 'https://fcm.googleapis.com/a b', 'invalid'],
  ['too long', `https://fcm.googleapis.com/${'x'.repeat(2100)}`, 'invalid'],
  // Hosts outside the allow-list.
  ['another host', 'https://attacker.example/push', 'host'],
  ['allowed name as a prefix', 'https://fcm.googleapis.com.attacker.example/x', 'host'],
  ['allowed name as a suffix without a dot', 'https://evilfcm.googleapis.com/x', 'host'],
  ['a wildcard entry itself', 'https://notify.windows.com/x', 'host'],
  ['localhost', 'https://localhost/x', 'host'],
  ['public IP literal', 'https://8.8.8.8/x', 'host'],
  // IPv4 literals in every form the URL parser reads: all refused as addresses.
  ['loopback', 'https://127.0.0.1/x', 'address'],
  ['decimal loopback', 'https://2130706433/x', 'address'],
  ['octal loopback', 'https://0177.0.0.1/x', 'address'],
  ['hexadecimal loopback', 'https://0x7f.0.0.1/x', 'address'],
  ['short loopback', 'https://127.1/x', 'address'],
  ['hexadecimal whole', 'https://0x7f000001/x', 'address'],
  ['private 10/8', 'https://10.0.0.1/x', 'address'],
  ['private 172.16/12', 'https://172.16.5.4/x', 'address'],
  ['private 192.168/16', 'https://192.168.0.1/x', 'address'],
  ['decimal private', 'https://3232235521/x', 'address'],
  ['octal private', 'https://0300.0250.0.1/x', 'address'],
  ['link-local, metadata', 'https://169.254.169.254/latest/meta-data', 'address'],
  ['decimal metadata', 'https://2852039166/x', 'address'],
  ['CGNAT', 'https://100.64.0.1/x', 'address'],
  ['this network', 'https://0.0.0.0/x', 'address'],
  ['broadcast', 'https://255.255.255.255/x', 'address'],
  // IPv6 literals.
  ['IPv6 loopback', 'https://[::1]/x', 'address'],
  ['IPv6 unspecified', 'https://[::]/x', 'address'],
  ['IPv6 unique local', 'https://[fd00:ec2::254]/x', 'address'],
  ['IPv6 link-local', 'https://[fe80::1]/x', 'address'],
  ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/x', 'address'],
  ['IPv4-mapped metadata, hex', 'https://[::ffff:a9fe:a9fe]/x', 'address'],
  ['IPv4-mapped private', 'https://[::ffff:10.0.0.1]/x', 'address'],
  ['NAT64 of a private address', 'https://[64:ff9b::10.0.0.1]/x', 'address'],
  ['public IPv6 literal', 'https://[2607:f8b0:4004:c1b::5f]/x', 'host'],
  // Allowed names that resolve somewhere they must not (checked after resolution, every address).
  ['resolves to loopback', 'https://loopback.push.example/x', 'address'],
  ['resolves to a private address', 'https://private.push.example/x', 'address'],
  ['one of its addresses is private', 'https://mixed.push.example/x', 'address'],
  ['resolves to the metadata address', 'https://metadata.push.example/x', 'address'],
  ['resolves into CGNAT', 'https://cgnat.push.example/x', 'address'],
  ['resolves to IPv6 loopback', 'https://v6loop.push.example/x', 'address'],
  ['resolves to a unique local IPv6', 'https://v6ula.push.example/x', 'address'],
  ['resolves to a link-local IPv6', 'https://v6link.push.example/x', 'address'],
  ['resolves to an IPv4-mapped loopback', 'https://v6mapped.push.example/x', 'address'],
  ['resolves to an IPv4-mapped metadata (hex)', 'https://v6mappedhex.push.example/x', 'address'],
  ['resolves to NAT64 of a private address', 'https://nat64.push.example/x', 'address'],
  ['resolves to 6to4 of a private address', 'https://sixtofour.push.example/x', 'address'],
  ['resolves to the Azure platform address', 'https://azure.push.example/x', 'address'],
  ['does not resolve', 'https://nowhere.push.example/x', 'dns'],
  ['resolves to a public address', 'https://public.push.example/x', true],
];

describe('push endpoint check', () => {
  it.each(table)('%s: %s', async (_name, endpoint, expected) => {
    const checked = await checkEndpoint(endpoint, policy, resolve);
    expect(checked.ok ? true : checked.reason).toBe(expected);
  });

  it('redirects: the sender never follows one (a 3xx is a failure; see the round trip test), and connects only to the checked addresses', async () => {
    const checked = await checkEndpoint('https://fcm.googleapis.com/fcm/send/x', policy, resolve);
    if (!checked.ok) throw new Error('refused');
    const lookup = pinnedLookup(checked.addresses) as unknown as (
      host: string,
      options: { all?: boolean },
      cb: (err: unknown, address: unknown, family?: number) => void,
    ) => void;
    const one = await new Promise((ok) => lookup('anything.example', {}, (_e, a, f) => ok([a, f])));
    expect(one).toEqual(['142.250.79.42', 4]);
    const all = await new Promise((ok) => lookup('anything.example', { all: true }, (_e, a) => ok(a)));
    expect(all).toEqual(checked.addresses);
  });

  it('the test origin passes only when configured, and only that exact origin', async () => {
    const local = 'http://127.0.0.1:4100/push/a';
    expect((await checkEndpoint(local, policy, resolve)).ok).toBe(false);
    const test = { ...policy, testOrigin: 'http://127.0.0.1:4100' };
    expect((await checkEndpoint(local, test, resolve)).ok).toBe(true);
    expect(await checkEndpoint('http://127.0.0.1:4101/push/a', test, resolve)).toEqual({
      ok: false,
      reason: 'protocol',
    });
    expect(await checkEndpoint('http://u:p@127.0.0.1:4100/push/a', test, resolve)).toEqual({
      ok: false,
      reason: 'userinfo',
    });
  });

  it('addresses and hosts', () => {
    for (const a of ['8.8.8.8', '142.250.79.42', '2607:f8b0::1', '::ffff:8.8.8.8'])
      expect(isBlockedAddress(a)).toBe(false);
    for (const a of ['127.0.0.2', '::', 'fc00::1', 'ff02::1', '2001:db8::1', '198.18.0.1', 'not-an-ip']) {
      expect(isBlockedAddress(a)).toBe(true);
    }
    expect(isAllowedHost('a.b.notify.windows.com', DEFAULT_PUSH_SERVICE_HOSTS)).toBe(true);
    expect(isAllowedHost('xnotify.windows.com', DEFAULT_PUSH_SERVICE_HOSTS)).toBe(false);
  });
});
