/**
 * Scale-out behind a real reverse proxy (issue 21 item 10; docs/operations.md, "Two or more instances"):
 * two portal instances (`node apps/server/dist/main.js`, decision 0045) on one fresh PostgreSQL database,
 * behind Debian's nginx (round robin, no sticky sessions; installed with apt-get when missing).
 *
 * 1. Signs in through the proxy with the real OIDC flow (its hops land on both instances).
 * 2. Works through both, each step checked by the instance that answered (nginx adds `X-Upstream`):
 *    a library file uploaded through one instance is downloaded through the other; a communication approved
 *    on one reaches the bell and the Server-Sent Events stream of a dealer connected to the other; a
 *    scheduled send, its time passed on both instances' clocks (POST /api/dev/clock), fires exactly once.
 * 3. Shell load through the proxy: req/s with one instance behind it, then with two.
 * 4. Two instances under load, one killed (SIGKILL) mid-run: the other keeps serving; failed requests are
 *    at most those in flight (the connections of the load generator).
 *
 * Everything stays on 127.0.0.1; the database `portal_scaleout_<pid>` is dropped at the end. Exits 1 on
 * any failed check.
 *
 *   npm run bench:scale-out -w bench
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 npm run bench:scale-out -w bench
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildServer } from '../../apps/server/scripts/build.js';
import { type CookieClient, multipart, openEventStream, signIn } from '../../apps/server/test/browserless.js';
import { SERVER_NODE_FLAGS } from './library.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://portal:portal@127.0.0.1:5432/postgres';
const PROXY_PORT = Number(process.env.BENCH_PORT ?? 3164);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PASSWORD = 'Portal@2026';
const HOUR = 3_600_000;
const SHELL =
  'query Shell { usuarioLogado { id nome } menuUsuarioLogado { title menus { id title } } countNotificacoesNaoLidas }';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-scaleout-'));
const children: ChildProcess[] = [];
const proxyUrl = `http://127.0.0.1:${PROXY_PORT}`;
/** The proxy with instance A alone behind it (the one-instance load run). */
const soloPort = PROXY_PORT + 1000;
let failures = 0;

function check(ok: boolean, what: string) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function ensureNginx(): string {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
  if (nginx) return nginx;
  console.log('==> Installing nginx (apt-get)');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args: string[]) =>
    execFileSync(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', 'nginx']);
  return '/usr/sbin/nginx';
}

/** nginx as docs/operations.md shows it: round robin, SSE unbuffered, X-Forwarded-* set, which instance answered. */
function nginxConfig(a: number, b: number): string {
  const location = (upstream: string) => `
    location ~ ^/api/.*/stream$ {
      proxy_pass http://${upstream};
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
    location / {
      proxy_pass http://${upstream};
      client_max_body_size 1g;
      proxy_request_buffering off;
    }`;
  return `worker_processes 1;
daemon off;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${work}/nginx-body;
  proxy_temp_path ${work}/nginx-proxy;
  fastcgi_temp_path ${work}/nginx-fastcgi;
  uwsgi_temp_path ${work}/nginx-uwsgi;
  scgi_temp_path ${work}/nginx-scgi;
  proxy_http_version 1.1;
  proxy_set_header Connection "";
  proxy_set_header Host $http_host;
  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
  proxy_set_header X-Forwarded-Proto $scheme;
  add_header X-Upstream $upstream_addr always;
  upstream portal {
    server 127.0.0.1:${a} max_fails=1 fail_timeout=10s;
    server 127.0.0.1:${b} max_fails=1 fail_timeout=10s;
    keepalive 64;
  }
  upstream solo {
    server 127.0.0.1:${a};
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${PROXY_PORT};
    ${location('portal')}
  }
  server {
    listen 127.0.0.1:${soloPort};
    ${location('solo')}
  }
}
`;
}

/** VmRSS (now) and VmHWM (the peak so far) of a process, in MB. */
function memoryMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

async function waitReady(url: string, child?: ChildProcess, output?: () => string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`instance exited before ready:\n${output?.()}`);
    const ok = await fetch(`${url}/readyz`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} not ready in 120 s:\n${output?.()}`);
    await sleep(100);
  }
}

function startInstance(port: number, databaseUrl: string) {
  let output = '';
  // With npm start's Node flags (decision 0058), as every instance runs.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      // Every instance: the proxy's public URL, one session secret, the files in one shared directory.
      PUBLIC_URL: proxyUrl,
      SESSION_SECRET: 'scale-out-bench-shared-session-secret-0123456789',
      TRUSTED_PROXIES: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      LOG_LEVEL: 'warn',
      DEV_CLOCK: 'true',
      SCHEDULE_SWEEP_MS: '500',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  children.push(child);
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output };
}

type Answer = { status: number; upstream: string; json: any };

/** A GraphQL request through the proxy; returns which instance answered. */
async function gqlVia(client: CookieClient, query: string, variables?: Record<string, unknown>): Promise<Answer> {
  const res = await client.fetch(`${proxyUrl}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: proxyUrl },
    body: JSON.stringify({ query, variables }),
  });
  const json = (await res.json()) as { data?: any; errors?: unknown };
  if (json.errors) throw new Error(`${query.slice(0, 80)}: ${JSON.stringify(json.errors)}`);
  return { status: res.status, upstream: res.headers.get('x-upstream') ?? '', json };
}

/** Round robin alternates: pings until the last answer came from the other instance, so the next goes to `target`. */
async function nextGoesTo(target: string) {
  for (let i = 0; i < 10; i++) {
    const res = await fetch(`${proxyUrl}/healthz`);
    if (res.headers.get('x-upstream') !== target) return;
  }
  throw new Error(`could not steer to ${target}`);
}

async function shellLoad(url: string, cookies: string[], seconds: number, onTick?: (elapsed: number) => void) {
  let next = 0;
  const body = JSON.stringify({ query: SHELL });
  const headers = { 'content-type': 'application/json', origin: proxyUrl };
  const started = Date.now();
  const timer = onTick ? setInterval(() => onTick(Date.now() - started), 100) : undefined;
  try {
    const result = await autocannon({
      url: `${url}/api/graphql`,
      method: 'POST',
      connections: CONNECTIONS,
      duration: seconds,
      timeout: 10,
      headers,
      body,
      setupClient: (c) => c.setHeaders({ ...headers, cookie: cookies[next++ % cookies.length] }),
    });
    return {
      rps: result['2xx'] / seconds,
      ok: result['2xx'],
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      p99: result.latency.p99,
    };
  } finally {
    if (timer) clearInterval(timer);
  }
}

async function main() {
  const nginx = ensureNginx();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const dbName = `portal_scaleout_${process.pid}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();
  try {
    await buildServer();
    const [portA, portB] = [await freePort(), await freePort()];
    const a = startInstance(portA, databaseUrl);
    const b = startInstance(portB, databaseUrl);
    // Started together on the empty database: migrations and the demo seed run once (advisory lock).
    await Promise.all([waitReady(a.url, a.child, a.output), waitReady(b.url, b.child, b.output)]);
    const A = `127.0.0.1:${portA}`;
    const B = `127.0.0.1:${portB}`;
    fs.writeFileSync(path.join(work, 'nginx.conf'), nginxConfig(portA, portB));
    const proxy = spawn(nginx, ['-c', path.join(work, 'nginx.conf'), '-p', work], { stdio: 'inherit' });
    children.push(proxy);
    await waitReady(proxyUrl);
    console.log(`nginx ${proxyUrl} -> instances A ${A} and B ${B} (PostgreSQL database ${dbName})`);

    // 1. The real sign-in, through the proxy: its hops are spread over both instances.
    const as: Record<string, CookieClient> = {};
    for (const who of ['montadora', 'aprovador', 'dealer', 'admin', 'dealer2']) {
      const r = await signIn(proxyUrl, `${who}@portal.demo`, PASSWORD);
      check(r.finalUrl === `${proxyUrl}/home` && r.client.jar.has('portal_sid'), `${who} signed in through nginx`);
      as[who] = r.client;
    }
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) seen.add((await gqlVia(as.dealer, '{ usuarioLogado { email } }')).upstream);
    check(seen.has(A) && seen.has(B), 'the session is served by both instances (no sticky sessions)');

    // 2a. Library: uploaded through one instance, downloaded through the other.
    const groups = (await gqlVia(as.montadora, '{ gruposUsuariosAtivos { id nome } }')).json.data.gruposUsuariosAtivos;
    const horizonte = groups.find((g: { nome: string }) => g.nome === 'Rede Horizonte').id;
    const folder = (
      await gqlVia(as.montadora, 'mutation ($p: NovaPastaInput!) { criarNovaPasta(novaPasta: $p) { id } }', {
        p: {
          nome: `Escala ${process.pid}`,
          idPai: null,
          tiposAcesso: [{ idGrupoAcesso: horizonte, permissao: 'LEITURA' }],
        },
      })
    ).json.data.criarNovaPasta;
    const content = Buffer.from(`%PDF-1.4\n% scale-out ${process.pid}\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n`);
    await nextGoesTo(A);
    const form = multipart([
      { name: 'info', value: JSON.stringify({ fileType: 'LIBRARY' }) },
      { name: 'file', filename: 'escala.pdf', data: content },
    ]);
    const upload = await as.montadora.fetch(`${proxyUrl}/api/upload`, {
      method: 'POST',
      body: form.body,
      headers: { 'content-type': form.contentType, origin: proxyUrl },
    });
    const uploadedOn = upload.headers.get('x-upstream');
    const uploadId = ((await upload.json()) as { id: string }).id;
    const placed = await gqlVia(
      as.montadora,
      'mutation ($a: [ArquivoBibliotecaInput!]!) { uploadArquivos(arquivos: $a) { id } }',
      { a: [{ idArquivo: uploadId, idPastaPai: folder.id }] },
    );
    const itemId = placed.json.data.uploadArquivos[0].id;
    const link = (await gqlVia(as.dealer, `mutation { gerarLinkDownloadByItemBiblioteca(id: "${itemId}") }`)).json.data
      .gerarLinkDownloadByItemBiblioteca;
    await nextGoesTo(B);
    const download = await as.dealer.fetch(`${proxyUrl}${link}`);
    const bytes = Buffer.from(await download.arrayBuffer());
    check(
      uploadedOn === A && download.status === 200 && bytes.equals(content) && download.headers.get('x-upstream') === B,
      `library: uploaded through A (${uploadedOn}), the dealer downloaded the same bytes through B (${download.headers.get('x-upstream')}, ${download.status})`,
    );

    // 2b. A communication approved on one instance reaches the bell and the stream of a dealer on the other.
    const ids: Record<string, string> = {};
    for (const who of ['aprovador', 'dealer'])
      ids[who] = (await gqlVia(as[who], '{ usuarioLogado { id } }')).json.data.usuarioLogado.id;
    const unseen = async () =>
      (await gqlVia(as.dealer, '{ countNotificacoesNaoLidas }')).json.data.countNotificacoesNaoLidas as number;
    const draft = async (titulo: string) => {
      const id = (
        await gqlVia(as.montadora, 'mutation ($c: ComunicadoInput!) { salvarComunicado(comunicado: $c) { id } }', {
          c: { titulo, mensagem: '<p>Escala horizontal</p>', idsGruposUsuarios: [horizonte] },
        })
      ).json.data.salvarComunicado.id as string;
      await gqlVia(
        as.montadora,
        `mutation { enviarParaAprovacao(id: "${id}", aprovadorId: "${ids.aprovador}") { id } }`,
      );
      return id;
    };
    const now1 = await draft(`Agora ${process.pid}`);
    const bellBefore = await unseen();
    await nextGoesTo(B);
    const stream = await openEventStream(as.dealer, `${proxyUrl}/api/notificacoes/stream`);
    const streamOn = stream.response.headers.get('x-upstream');
    await stream.next((e) => e.event === 'count');
    await nextGoesTo(A);
    const approved = await gqlVia(as.aprovador, `mutation { aprovarComunicado(id: "${now1}") { id } }`);
    const pushed = await stream
      .next((e) => e.event === 'count' && JSON.parse(e.data).count === bellBefore + 1, 1)
      .then(() => true)
      .catch(() => false);
    stream.close();
    check(
      approved.upstream === A && streamOn === B && pushed,
      `communication approved on A (${approved.upstream}) reached the SSE stream of the dealer on B (${streamOn})`,
    );
    check((await unseen()) === bellBefore + 1, `the bell counts it through either instance (${bellBefore + 1})`);

    // 2c. A scheduled send: its time passes on both instances' clocks; each sweeps; it fires once.
    const later = await draft(`Agendado ${process.pid}`);
    const clock = async () => {
      const res = await as.admin.fetch(`${proxyUrl}/api/dev/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: proxyUrl },
        body: JSON.stringify({ advanceMs: 0 }),
      });
      return (await res.json()) as { now: string };
    };
    const when = new Date(new Date((await clock()).now).getTime() + 2 * HOUR).toISOString();
    await gqlVia(
      as.aprovador,
      `mutation { aprovarComunicado(id: "${later}", dataHoraAgendamento: "${when}") { status { id } } }`,
    );
    const advances = await Promise.all(
      [a.url, b.url].map(async (url) => {
        const res = await fetch(`${url}/api/dev/clock`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: proxyUrl },
          body: JSON.stringify({ advanceMs: 2 * HOUR + 1000 }),
        });
        return (await res.json()) as { fired: string[] };
      }),
    );
    const firedBy = advances.filter((r) => r.fired.includes(later)).length;
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    let sent = false;
    for (let i = 0; i < 100 && !sent; i++) {
      const { rows } = await db.query('SELECT status FROM comunicado WHERE id = $1', [later]);
      sent = rows[0]?.status === 'ENVIADO';
      if (!sent) await sleep(100);
    }
    await sleep(1500); // both sweeps (every 500 ms) run again: nothing more may fire
    const fired = await db.query(
      `SELECT count(*)::int AS n FROM auditoria WHERE entidade_id = $1 AND acao = 'disparar'`,
      [later],
    );
    const inbox = (
      await gqlVia(as.dealer, '{ comunicadoEnvios(aba: RECEBIDOS) { content { comunicado { id } } } }')
    ).json.data.comunicadoEnvios.content.filter((e: { comunicado: { id: string } }) => e.comunicado.id === later);
    await db.end();
    check(
      sent && firedBy <= 1 && fired.rows[0].n === 1 && inbox.length === 1,
      `scheduled send fired once with both instances' clocks past it and both sweeping (${firedBy} of 2 clock calls fired it, ${fired.rows[0].n} 'disparar' audit row, ${inbox.length} delivery to the dealer)`,
    );

    // 3. Shell load: one instance behind the proxy, then two.
    await sleep(3000);
    const idleA = memoryMb(a.child.pid as number);
    const cookies = ['dealer', 'montadora', 'admin', 'aprovador', 'dealer2'].map((w) => as[w].cookieHeader());
    const soloUrl = `http://127.0.0.1:${soloPort}`;
    await shellLoad(soloUrl, cookies, 2);
    const one = await shellLoad(soloUrl, cookies, SECONDS);
    const loadedA = memoryMb(a.child.pid as number);
    await shellLoad(proxyUrl, cookies, 2);
    const two = await shellLoad(proxyUrl, cookies, SECONDS);
    check(one.non2xx + one.errors === 0 && two.non2xx + two.errors === 0, 'shell load: every answer 2xx');

    // 4. Two instances under load; B killed with SIGKILL after a third of the run.
    let killedAt = 0;
    const killed = await shellLoad(proxyUrl, cookies, SECONDS, (elapsed) => {
      if (!killedAt && elapsed >= (SECONDS * 1000) / 3) {
        killedAt = elapsed;
        b.child.kill('SIGKILL');
      }
    });
    const lost = killed.non2xx + killed.errors + killed.timeouts;
    check(
      lost <= CONNECTIONS,
      `B killed at ${(killedAt / 1000).toFixed(1)} s: ${lost} failed (at most ${CONNECTIONS} in flight)`,
    );
    const after: string[] = [];
    for (let i = 0; i < 6; i++) after.push((await gqlVia(as.dealer, '{ usuarioLogado { email } }')).upstream);
    check(
      after.every((u) => u === A),
      `after the kill every request is served by A (${after.length} of ${after.length})`,
    );

    console.log('');
    console.log(`| shell through nginx, ${CONNECTIONS} connections, ${SECONDS} s | req/s | p99 ms | non-2xx/errors |`);
    console.log('| --- | ---: | ---: | ---: |');
    console.log(`| one instance | ${one.rps.toFixed(0)} | ${one.p99} | ${one.non2xx}/${one.errors} |`);
    console.log(`| two instances | ${two.rps.toFixed(0)} | ${two.p99} | ${two.non2xx}/${two.errors} |`);
    console.log(
      `| two, B killed at ${(killedAt / 1000).toFixed(1)} s | ${killed.rps.toFixed(0)} | ${killed.p99} | ${killed.non2xx}/${killed.errors + killed.timeouts} |`,
    );
    console.log(
      `two / one: ${(two.rps / one.rps).toFixed(2)}; load average ${os.loadavg()[0].toFixed(2)}; ${os.cpus().length} cores`,
    );
    console.log(
      `instance A (PostgreSQL): RSS ${idleA.rss.toFixed(0)} MB after the checks (uploads, streams, loads: the idle budget's reading is bench:start's), peak ${loadedA.peak.toFixed(0)} MB through its shell load run alone (budget 250 MB)`,
    );
  } finally {
    for (const c of children.reverse()) if (c.exitCode === null) c.kill('SIGTERM');
    await sleep(2000);
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log(failures ? `${failures} check(s) failed` : 'all checks passed');
  process.exit(failures ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  process.exit(1);
});
