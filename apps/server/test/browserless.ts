import crypto from 'node:crypto';
import http from 'node:http';

/**
 * A tiny cookie-keeping HTTP client that walks the real sign-in flow (portal -> provider -> portal)
 * the way a browser does, for integration tests and benchmarks. Cookies are kept per name, like a
 * browser does for localhost whatever the port.
 */
/** How long one test request may take before it fails with its URL (the tests' own timeout is 60 s). */
const REQUEST_TIMEOUT_MS = 30_000;

export class CookieClient {
  readonly jar = new Map<string, string>();

  /**
   * `localAddress`: connect from this address (127.0.0.2, 127.0.0.3, ... are all loopback on Linux), so
   * tests can be different clients to the server's `request.ip`.
   */
  constructor(private readonly opts: { localAddress?: string } = {}) {}

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size) headers.set('cookie', this.cookieHeader());
    // A request that hangs fails here, naming itself, long before the test's own timeout would (which
    // names only the test): a stalled CI run then says which call stalled.
    const signal = init.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const response = this.opts.localAddress
      ? await fetchFrom(this.opts.localAddress, url, { ...init, headers })
      : await fetch(url, { ...init, headers, redirect: 'manual', signal }).catch((err: Error) => {
          throw new Error(`${init.method ?? 'GET'} ${url} failed: ${err.message}`, { cause: err });
        });
    this.keep(response);
    return response;
  }

  /** Follows redirects from `url` until a non-redirect answer; returns it and the final URL. */
  async follow(url: string, init: RequestInit = {}, rewrite: (u: string) => string = (u) => u) {
    let current = rewrite(url);
    let response = await this.fetch(current, init);
    for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 20; hops++) {
      const location = response.headers.get('location');
      if (!location) break;
      current = rewrite(new URL(location, current).href);
      response = await this.fetch(current);
    }
    return { response, url: current };
  }
}

/**
 * A plain `fetch` (no redirects followed) over node:http from a chosen local address: fetch cannot
 * pick one. Bodies: string, URLSearchParams or Buffer.
 */
export function fetchFrom(localAddress: string, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const body = init.body == null ? undefined : init.body instanceof Buffer ? init.body : String(init.body);
  if (init.body instanceof URLSearchParams && !headers.has('content-type')) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
  }
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: init.method ?? 'GET', headers: Object.fromEntries(headers), localAddress, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const answer = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) answer.append(name, v);
          }
          const status = res.statusCode ?? 500;
          const empty = status === 204 || status === 304;
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: answer }));
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export type SignInResult = { client: CookieClient; finalUrl: string; status: number; html: string };

/**
 * Signs in through the portal: /auth/login, the provider's sign-in form, back to /auth/callback.
 * `rewrite` can send some hops to another instance (two-instance tests).
 */
export async function signIn(
  baseUrl: string,
  email: string,
  password: string,
  opts: { client?: CookieClient; rewrite?: (u: string) => string; returnTo?: string } = {},
): Promise<SignInResult> {
  const client = opts.client ?? new CookieClient();
  const rewrite = opts.rewrite ?? ((u: string) => u);
  const start = `${baseUrl}/auth/login${opts.returnTo ? `?returnTo=${encodeURIComponent(opts.returnTo)}` : ''}`;
  const form = await client.follow(start, {}, rewrite);
  const html = await form.response.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) return { client, finalUrl: form.url, status: form.response.status, html };
  const body = new URLSearchParams({ email, password });
  const done = await client.follow(
    new URL(action.replace(/&amp;/g, '&'), form.url).href,
    { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    rewrite,
  );
  return { client, finalUrl: done.url, status: done.response.status, html: await done.response.text() };
}

/** Posts a GraphQL operation with the client's cookies (same-origin, as the web app does). */
export async function gql<T = any>(
  client: CookieClient,
  baseUrl: string,
  query: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ status: number; data: T | null; errors?: Array<{ message: string; extensions: Record<string, any> }> }> {
  const response = await client
    .fetch(`${baseUrl}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin, ...headers },
      body: JSON.stringify({ query, variables }),
    })
    .catch((err: Error) => {
      throw new Error(`${err.message} (${query.replace(/\s+/g, ' ').slice(0, 100)})`, { cause: err });
    });
  const json = (await response.json()) as { data: T | null; errors?: any[] };
  return { status: response.status, ...json };
}

/**
 * Follows the provider's end-session URL and submits its logout form as the page's own script does
 * (a browser without JavaScript clicks the button). Returns where the browser lands.
 */
export async function finishProviderLogout(client: CookieClient, logoutUrl: string) {
  const page = await client.follow(logoutUrl);
  const form = await page.response.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(form)?.[1] as string;
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(form)?.[1] as string;
  return client.follow(new URL(action, page.url).href, {
    method: 'POST',
    body: new URLSearchParams({ xsrf, logout: 'yes' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

export type ServerSentEvent = { event: string; data: string };

/**
 * Opens a Server-Sent Events stream with the client's cookies and reads it in the background.
 * `next(predicate)` resolves with the first event (already received or still to come) after
 * `from` that matches, or rejects after `timeoutMs`: bounded waits, no fixed sleeps.
 */
export async function openEventStream(client: CookieClient | undefined, url: string) {
  const abort = new AbortController();
  const response = client
    ? await client.fetch(url, { signal: abort.signal })
    : await fetch(url, { signal: abort.signal, redirect: 'manual' });
  const events: ServerSentEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  const wake = () => {
    for (const w of [...waiters]) w();
  };
  const pump = (async () => {
    if (!response.ok || !response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
          }
          if (data.length) events.push({ event, data: data.join('\n') });
        }
        wake();
      }
    } catch {
      /* aborted */
    } finally {
      ended = true;
      wake();
    }
  })();
  return {
    response,
    events,
    comments,
    /** Resolves once the server ended the stream (or it was aborted). */
    ended: () => pump.then(() => ended),
    close: () => abort.abort(),
    next(predicate: (e: ServerSentEvent) => boolean, from = 0, timeoutMs = 10_000): Promise<ServerSentEvent> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(predicate);
          if (found || ended) {
            waiters.delete(check);
            clearTimeout(timer);
            if (found) resolve(found);
            else reject(new Error(`stream ended without the event; got ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

export type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer };

/** A multipart/form-data body; file names go RFC 5987 encoded, so any character can be sent. */
export function multipart(parts: Part[]) {
  const boundary = `----portal${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if ('filename' in p) {
      head += `; filename*=UTF-8''${encodeURIComponent(p.filename)}\r\nContent-Type: application/octet-stream`;
    }
    chunks.push(Buffer.from(`${head}\r\n\r\n`), 'filename' in p ? p.data : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}`, boundary };
}

/** Uploads one file (a library file unless `fileType` says otherwise) as the web app does (POST /api/upload, same origin); returns the upload id. */
export async function uploadFile(
  client: CookieClient,
  baseUrl: string,
  filename: string,
  data: Buffer,
  fileType = 'LIBRARY',
) {
  const { body, contentType } = multipart([
    { name: 'info', value: JSON.stringify({ fileType }) },
    { name: 'file', filename, data },
  ]);
  const res = await client.fetch(`${baseUrl}/api/upload`, {
    method: 'POST',
    body,
    headers: { 'content-type': contentType, origin: new URL(baseUrl).origin },
  });
  if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}
