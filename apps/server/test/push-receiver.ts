import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local push service for tests and the benchmark (decision 0034): plain HTTP on 127.0.0.1, reachable only
 * because the portal under test is given it as its test origin. Each "browser" is a P-256 key pair and an auth
 * secret; the receiver decrypts every message with them as the browser's push client would (RFC 8291, written
 * here apart from the server's code: ECDH, HKDF, AES-128-GCM) and checks the VAPID JWT (RFC 8292) against the
 * key it names. A browser's `answer` scripts what the receiver replies (e.g. 500 once, or 410).
 */

export type Browser = {
  name: string;
  endpoint: string;
  /** What gerarPushSubscription takes. */
  subscription: { endpoint: string; auth: string; key: string };
  ecdh: crypto.ECDH;
  auth: Buffer;
};

export type Received = {
  browser: string;
  /** The decrypted payload, parsed. */
  payload: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
  /** The VAPID JWT's claims, after its signature verified with the key in `k=`. */
  vapid: { aud: string; exp: number; sub: string };
  vapidKey: string;
};

export type PushReceiver = {
  origin: string;
  /** A new browser with its subscription at this receiver. */
  browser(name: string): Browser;
  /** Messages decrypted so far, in arrival order (the answered status beside each). */
  received: Received[];
  /** Requests that failed to decrypt or verify (should stay empty). */
  rejected: string[];
  /** Statuses to answer a browser's next requests (then 201). */
  answer(name: string, ...statuses: (number | { status: number; headers: Record<string, string> })[]): void;
  /** How many requests each browser got (answered or not). */
  hits: Map<string, number>;
  /** Keeps only counts (the benchmark: 10,000 messages). */
  countOnly: boolean;
  close(): Promise<void>;
};

/** Decrypts an aes128gcm body (RFC 8188 header, RFC 8291 keys) for the browser holding `ecdh` and `auth`. */
export function decryptPush(body: Buffer, ecdh: crypto.ECDH, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (record.length > rs) throw new Error('more than one record');
  const uaPublic = ecdh.getPublicKey();
  const shared = ecdh.computeSecret(asPublic);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, auth, info, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not the last record');
  return padded.subarray(0, end);
}

/** Verifies `vapid t=<jwt>, k=<key>` (ES256 with the named key) and answers the claims and the key. */
export function verifyVapid(authorization: string | undefined): { claims: Received['vapid']; key: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [h, p, s] = match[1].split('.');
  const point = Buffer.from(match[2], 'base64url');
  const key = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = Buffer.from(`${h}.${p}`);
  if (!crypto.verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))) {
    throw new Error('bad VAPID signature');
  }
  const header = JSON.parse(Buffer.from(h, 'base64url').toString());
  if (header.alg !== 'ES256') throw new Error('not ES256');
  return { claims: JSON.parse(Buffer.from(p, 'base64url').toString()), key: match[2] };
}

/** Starts the receiver on a free port of 127.0.0.1. */
export async function startPushReceiver(): Promise<PushReceiver> {
  const browsers = new Map<string, Browser>();
  const scripted = new Map<string, (number | { status: number; headers: Record<string, string> })[]>();
  const receiver: PushReceiver = {
    origin: '',
    received: [],
    rejected: [],
    hits: new Map(),
    countOnly: false,
    browser(name) {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const endpoint = `${receiver.origin}/push/${encodeURIComponent(name)}`;
      const browser = {
        name,
        endpoint,
        ecdh,
        auth,
        subscription: { endpoint, auth: auth.toString('base64url'), key: ecdh.getPublicKey().toString('base64url') },
      };
      browsers.set(name, browser);
      return browser;
    },
    answer(name, ...statuses) {
      scripted.set(name, [...(scripted.get(name) ?? []), ...statuses]);
    },
    close: () => new Promise((ok) => server.close(() => ok())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const name = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
      receiver.hits.set(name, (receiver.hits.get(name) ?? 0) + 1);
      const next = scripted.get(name)?.shift();
      if (next !== undefined) {
        const { status, headers } = typeof next === 'number' ? { status: next, headers: {} } : next;
        res.writeHead(status, headers).end();
        return;
      }
      const browser = browsers.get(name);
      try {
        if (!browser) throw new Error(`unknown browser ${name}`);
        if (req.method !== 'POST') throw new Error(`method ${req.method}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const { claims, key } = verifyVapid(req.headers.authorization);
        const plain = decryptPush(Buffer.concat(chunks), browser.ecdh, browser.auth);
        if (!receiver.countOnly) {
          receiver.received.push({
            browser: name,
            payload: JSON.parse(plain.toString('utf8')),
            headers: req.headers,
            vapid: claims,
            vapidKey: key,
          });
        }
        res.writeHead(201).end();
      } catch (err) {
        receiver.rejected.push(`${name}: ${(err as Error).message}`);
        res.writeHead(400).end();
      }
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  receiver.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
