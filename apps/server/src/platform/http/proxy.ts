import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** True for an address or CIDR the TRUSTED_PROXIES variable may list (`10.0.0.1`, `10.0.0.0/8`, `::1`). */
export function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** IPv4 clients on a dual-stack socket show as `::ffff:a.b.c.d`. */
const unmapped = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/**
 * The addresses whose X-Forwarded-* headers are believed
 * (docs/domains/sign-in-and-sessions.md#client-addresses-behind-a-proxy): none by default. Used as Fastify's
 * `trustProxy` (every hop in the list is trusted) and by `viaTrustedProxy()`.
 */
export function trustedProxies(entries: string[]): (address: string) => boolean {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const type = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    if (!entries.length || !address) return false;
    const plain = unmapped(address);
    return list.check(plain, net.isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}

const trusted = new WeakSet<object>();

/** Whether this request reached us from a configured proxy (its forwarded headers were kept). */
export const viaTrustedProxy = (request: FastifyRequest) => trusted.has(request.raw);

/**
 * First hook of every request: from anyone but a trusted proxy, the forwarded headers are replaced
 * by the public URL's host and scheme (and the client address by the socket's). The embedded
 * provider (koa, `proxy = true`) builds its discovery document and redirects from these headers,
 * so it always names PUBLIC_URL; Fastify ignores them for untrusted sockets anyway.
 */
export function registerForwardedHeaders(app: FastifyInstance, publicUrl: string, isTrusted: (a: string) => boolean) {
  const url = new URL(publicUrl);
  const proto = url.protocol.replace(':', '');
  app.addHook('onRequest', async (request) => {
    const headers = request.raw.headers;
    if (isTrusted(request.socket.remoteAddress ?? '')) {
      trusted.add(request.raw);
      return;
    }
    headers['x-forwarded-host'] = url.host;
    headers['x-forwarded-proto'] = proto;
    delete headers['x-forwarded-for'];
    delete headers.forwarded;
  });
}
