import type dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { PushConfig } from '../../platform/config.js';
import { encryptPayload, type VapidKeys, vapidAuthorization } from './notifications.push.crypto.js';
import { checkEndpoint, pinnedLookup, type Resolve, systemResolve } from './notifications.push.endpoint.js';

/**
 * Posts encrypted messages to push services (docs/domains/notifications.md#web-push, decision 0034): each
 * endpoint checked again (a name's addresses may have changed since it subscribed) and connected to only at the
 * addresses checked; redirects never followed (a 3xx is a failure); a time limit per request; a bounded number in
 * flight; transient failures (5xx, 429 with its Retry-After, network errors, time-outs) retried a few times.
 */

export type PushMessage = { endpoint: string; p256dh: string; auth: string; payload: Buffer };

/** sent: the service took it (2xx); gone: 404/410, the subscription is dead; failed: anything else, after retries. */
export type PushResult = { outcome: 'sent' | 'gone' | 'failed'; status?: number; attempts: number };

/** Tries per message: the first and three retries. */
export const PUSH_ATTEMPTS = 4;
/** Longest wait a Retry-After may ask for before the message is given up. */
const MAX_RETRY_AFTER_MS = 60_000;
/** How long a message waits at the push service for its browser (seconds). */
const TTL_SECONDS = 86_400;
/** A VAPID JWT is signed per push service origin and reused for this long (it is valid for 12 hours). */
const JWT_REUSE_MS = 3_600_000;

export type PushSender = {
  send(message: PushMessage): Promise<PushResult>;
  /** Sends every message, at most `config.concurrency` at once; `onResult` hears each as it ends. */
  sendAll<T extends PushMessage>(
    messages: T[],
    onResult: (message: T, result: PushResult) => Promise<void>,
  ): Promise<void>;
  close(): void;
};

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** Retry-After in seconds or as an HTTP date, in milliseconds from now (null when absent or unreadable). */
function retryAfterMs(value: string | undefined, now: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * A sender for one run of the worker: keep-alive connections, the checked addresses of each host and the VAPID
 * JWT of each push service are kept for the run. `subject` is the VAPID `sub` (the portal's https address or a
 * mailto:).
 */
export function createPushSender(
  config: PushConfig,
  keys: VapidKeys,
  subject: string,
  resolve: Resolve = systemResolve,
): PushSender {
  const agents = {
    'https:': new https.Agent({ keepAlive: true, maxSockets: config.concurrency }),
    'http:': new http.Agent({ keepAlive: true, maxSockets: config.concurrency }),
  };
  const resolved = new Map<string, Promise<dns.LookupAddress[]>>();
  /** The run's resolver: each host resolved once per run (every message to it goes through the same check). */
  const resolveOnce: Resolve = (host) => {
    let hit = resolved.get(host);
    if (!hit) {
      hit = resolve(host);
      resolved.set(host, hit);
    }
    return hit;
  };
  const jwts = new Map<string, { header: string; at: number }>();

  /** The endpoint's addresses to connect to ([] for the test origin), or null when it no longer passes the check. */
  async function addressesOf(endpoint: string): Promise<dns.LookupAddress[] | null> {
    const checked = await checkEndpoint(endpoint, config, resolveOnce);
    return checked.ok ? checked.addresses : null;
  }

  function authorization(origin: string): string {
    const now = Date.now();
    const cached = jwts.get(origin);
    if (cached && now - cached.at < JWT_REUSE_MS) return cached.header;
    const header = vapidAuthorization(keys, {
      audience: origin,
      subject,
      expiresAt: new Date(now + 12 * JWT_REUSE_MS),
    });
    jwts.set(origin, { header, at: now });
    return header;
  }

  function post(url: URL, headers: Record<string, string | number>, body: Buffer, addresses: dns.LookupAddress[]) {
    return new Promise<{ status: number; retryAfter?: string }>((resolvePost, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(
        {
          protocol: url.protocol,
          hostname: url.hostname.replace(/^\[|\]$/g, ''),
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method: 'POST',
          headers,
          agent: agents[url.protocol as 'https:' | 'http:'],
          lookup: addresses.length ? pinnedLookup(addresses) : undefined,
          timeout: config.timeoutMs,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolvePost({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('push request timed out')));
      req.on('error', reject);
      req.end(body);
    });
  }

  async function send(message: PushMessage): Promise<PushResult> {
    const addresses = await addressesOf(message.endpoint).catch(() => null);
    if (!addresses) return { outcome: 'failed', attempts: 0 };
    const url = new URL(message.endpoint);
    const body = encryptPayload(message.payload, message);
    const headers = {
      TTL: TTL_SECONDS,
      Urgency: 'normal',
      'Content-Encoding': 'aes128gcm',
      'Content-Type': 'application/octet-stream',
      'Content-Length': body.length,
      Authorization: authorization(url.origin),
    };
    let last: PushResult = { outcome: 'failed', attempts: 0 };
    for (let attempt = 1; attempt <= PUSH_ATTEMPTS; attempt++) {
      let wait: number | null = null;
      try {
        const { status, retryAfter } = await post(url, headers, body, addresses);
        if (status >= 200 && status < 300) return { outcome: 'sent', status, attempts: attempt };
        if (status === 404 || status === 410) return { outcome: 'gone', status, attempts: attempt };
        last = { outcome: 'failed', status, attempts: attempt };
        // Redirects and other client errors are final: a redirect is never followed.
        if (status !== 429 && status < 500) return last;
        wait = retryAfterMs(retryAfter, Date.now());
        if (wait !== null && wait > MAX_RETRY_AFTER_MS) return last;
      } catch {
        last = { outcome: 'failed', attempts: attempt };
      }
      if (attempt < PUSH_ATTEMPTS) await sleep(wait ?? config.retryDelayMs * 2 ** (attempt - 1));
    }
    return last;
  }

  return {
    send,
    async sendAll(messages, onResult) {
      let next = 0;
      const runner = async () => {
        while (next < messages.length) {
          const message = messages[next++];
          await onResult(message, await send(message));
        }
      };
      await Promise.all(Array.from({ length: Math.min(config.concurrency, messages.length) }, runner));
    },
    close() {
      agents['https:'].destroy();
      agents['http:'].destroy();
    },
  };
}
