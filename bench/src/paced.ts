import http from 'node:http';

export type PacedResult = {
  latencies: number[];
  ok: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
};

/**
 * Open-loop load with Poisson arrivals: requests start at random (exponential) intervals averaging
 * `rate` per second, whatever the server's speed, spread over `users` keep-alive connections. This is
 * how many independent people arrive; autocannon's own pacing releases its connections in bursts,
 * which measures the burst, not the server.
 */
export async function pacedLoad(o: {
  url: string;
  headers: Record<string, string>;
  body: string;
  cookies: (string | undefined)[];
  rate: number;
  seconds: number;
  users: number;
  check: (body: string) => string | null;
}): Promise<PacedResult> {
  const target = new URL(o.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.users });
  const result: PacedResult = { latencies: [], ok: 0, errors: 0, timeouts: 0, non2xx: 0, mismatches: 0 };
  const inFlight = new Set<Promise<void>>();
  const send = (cookie: string | undefined) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          agent,
          timeout: 30_000,
          headers: { ...o.headers, ...(cookie ? { cookie } : {}), 'content-length': Buffer.byteLength(o.body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            result.latencies.push(performance.now() - started);
            if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) > 299) result.non2xx++;
            else if (o.check(Buffer.concat(chunks).toString()) !== null) result.mismatches++;
            else result.ok++;
            resolve();
          });
        },
      );
      req.on('timeout', () => {
        result.timeouts++;
        req.destroy();
      });
      req.on('error', () => {
        result.errors++;
        resolve();
      });
      req.end(o.body);
    });

  const endAt = performance.now() + o.seconds * 1000;
  let n = 0;
  let nextAt = performance.now();
  while (nextAt < endAt) {
    const wait = nextAt - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const p = send(o.cookies[n++ % o.cookies.length]).then(() => {
      inFlight.delete(p);
    });
    inFlight.add(p);
    nextAt += (-Math.log(1 - Math.random()) / o.rate) * 1000;
  }
  await Promise.all(inFlight);
  agent.destroy();
  return result;
}
