import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, openEventStream, signIn } from './browserless.js';
import { freePort, onPostgres } from './harness.js';
import { type PrivateCluster, startPrivateCluster } from './private-postgres.js';
import { type ServerProcess, startServerProcess } from './server-process.js';

// Faults under a running server (issue 10, points 13b and 13c): the database restarts, a worker is
// killed mid-job. Both are real: a PostgreSQL cluster of this file alone is stopped and started, and
// the server runs as a child process (a crash shows as the child exiting) that is killed with SIGKILL.
// Run once, in the PostgreSQL pass of the suite: what is tested is the PostgreSQL connections.

type Server = ServerProcess;

/** Starts `src/main.ts` on the cluster, as `npm start` does; resolves once it is listening. */
const startServer = (databaseUrl: string, port: number) => startServerProcess(port, { DATABASE_URL: databaseUrl });

/** Polls `check` every 250 ms until it holds; returns the seconds it took, or throws after `timeoutS`. */
async function secondsUntil(check: () => Promise<boolean>, timeoutS: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return (Date.now() - started) / 1000;
    if (Date.now() - started > timeoutS * 1000) throw new Error(`not within ${timeoutS} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

// PostgreSQL only: it stops and starts a real cluster and kills servers sharing it; PGlite lives inside one
// process, so neither fault exists there. CI's PostgreSQL step runs it.
describe.runIf(onPostgres)('faults under a running server (a private PostgreSQL cluster)', () => {
  let cluster: PrivateCluster;
  let port: number;
  let base: string;
  let server: Server;
  const as: Record<string, CookieClient> = {};
  let litoral: string;

  const q = (who: string, query: string, variables?: Record<string, unknown>) => gql(as[who], base, query, variables);
  const sql = async <T>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  };
  /** Saves a communication to the group Rede Litoral and sends it (the sender holds the approval key). */
  const sendCommunication = async (titulo: string) => {
    const saved = await q('aprovador', 'mutation ($c: ComunicadoInput!) { salvarComunicado(comunicado: $c) { id } }', {
      c: { titulo, mensagem: '<p>Texto</p>', idsGruposUsuarios: [litoral] },
    });
    const id = saved.data.salvarComunicado.id as string;
    const sent = await q('aprovador', `mutation { enviarComunicado(id: "${id}") { status { id } } }`);
    expect(sent.data?.enviarComunicado.status.id).toBe('APROVADO');
    return id;
  };
  const statusOf = async (id: string) =>
    (await sql<{ status: string }>('SELECT status FROM comunicado WHERE id = $1', [id]))[0].status;
  const ready = async () => (await fetch(`${base}/readyz`)).status === 200;

  beforeAll(async () => {
    cluster = await startPrivateCluster();
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = await startServer(cluster.url, port);
    for (const who of ['aprovador', 'dealer2'])
      as[who] = (await signIn(base, `${who}@portal.demo`, DEMO_PASSWORD)).client;
    const groups = (await q('aprovador', '{ gruposUsuariosAtivos { id nome } }')).data.gruposUsuariosAtivos;
    litoral = groups.find((g: { nome: string }) => g.nome === 'Rede Litoral').id;
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await cluster?.destroy();
  });

  it('the database restarts: nothing crashes meanwhile, ready again within 30 s, live events and jobs resume', async () => {
    const before = await openEventStream(as.dealer2, `${base}/api/notificacoes/stream`);
    await before.next((e) => e.event === 'count');

    await cluster.stop();
    // Requests and new streams while the database is down get errors, and the process lives on.
    const during = await q('dealer2', '{ usuarioLogado { id } }').catch(() => ({ status: 0 }));
    expect(during.status).not.toBe(200);
    const streamDuring = await openEventStream(as.dealer2, `${base}/api/notificacoes/stream`).catch(() => undefined);
    streamDuring?.close();
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    await new Promise((r) => setTimeout(r, 2000));
    expect(server.child.exitCode).toBeNull();

    await cluster.start();
    const took = await secondsUntil(ready, 30);
    expect(took).toBeLessThan(30);
    before.close();

    // A stream opened now, on a channel listened before and on one new to this process, gets live
    // events: the LISTENs are back. The fan-out job runs, and its announcement reaches the bell.
    const bell = await openEventStream(as.dealer2, `${base}/api/notificacoes/stream`);
    const first = await bell.next((e) => e.event === 'count');
    const unseen = (JSON.parse(first.data) as { count: number }).count;
    const id = await sendCommunication('Depois do reinício');
    await secondsUntil(async () => (await statusOf(id)) === 'ENVIADO', 15);
    const pushed = await bell.next((e) => e.event === 'count' && JSON.parse(e.data).count === unseen + 1);
    expect(JSON.parse(pushed.data)).toEqual({ count: unseen + 1 });
    const reads = await openEventStream(as.aprovador, `${base}/api/comunicados/${id}/leituras/stream`);
    expect(reads.response.status).toBe(200);
    await q('dealer2', `mutation { marcarEnvioComoLido(idComunicado: "${id}") { lido } }`);
    await reads.next((e) => e.event === 'leitura');
    bell.close();
    reads.close();
    expect(server.child.exitCode).toBeNull();
  }, 90_000);

  it('a long fan-out keeps its claim; its worker killed, the restarted server takes it up within 60 s, exactly once', async () => {
    // Holds the fan-out inside its transaction (its INSERT of deliveries waits for this lock), so the
    // job is active when the server is killed, as a long fan-out to a large audience would be.
    const blocker = new pg.Client({ connectionString: cluster.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE comunicado_envio IN SHARE MODE');
    const id = await sendCommunication('Envio interrompido');
    const job = `SELECT state, retry_count FROM pgboss.job WHERE name = 'comunicado.enviar' AND data->>'comunicadoId' = $1`;
    await secondsUntil(async () => (await sql<{ state: string }>(job, [id]))[0]?.state === 'active', 10);
    // A long job of a live worker keeps its claim past the heartbeat (20 s) and a supervisor pass (10 s).
    await new Promise((r) => setTimeout(r, 32_000));
    expect((await sql(job, [id]))[0]).toEqual({ state: 'active', retry_count: 0 });

    server.child.kill('SIGKILL');
    await server.exited;
    await blocker.query('ROLLBACK');
    await blocker.end();
    expect(await statusOf(id)).toBe('APROVADO');

    server = await startServer(cluster.url, port);
    const took = await secondsUntil(async () => (await statusOf(id)) === 'ENVIADO', 60);
    expect(took).toBeLessThan(60);

    // Exactly once: one delivery per member of the group, one notification, one audited fan-out.
    const [deliveries] = await sql<{ n: number; users: number; expected: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT e.usuario_id)::int AS users,
              (SELECT count(*)::int FROM usuario_grupo_usuarios g JOIN usuario u ON u.id = g.usuario_id
                WHERE g.grupo_usuarios_id = $2 AND u.active) AS expected
         FROM comunicado_envio e WHERE e.comunicado_id = $1`,
      [id, litoral],
    );
    expect(deliveries.n).toBeGreaterThan(0);
    expect(deliveries).toEqual({ n: deliveries.expected, users: deliveries.expected, expected: deliveries.expected });
    const [notifications] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM notificacao WHERE link = $1', [
      `/comunicados/visualizarEnvio/${id}`,
    ]);
    expect(notifications.n).toBe(1);
    const [audits] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM auditoria WHERE entidade = 'comunicado' AND entidade_id = $1::text AND acao = 'enviar' AND usuario_id IS NULL`,
      [id],
    );
    expect(audits.n).toBe(1);
    const [retried] = await sql<{ state: string; retry_count: number }>(job, [id]);
    expect(retried).toMatchObject({ state: 'completed' });
    expect(retried.retry_count).toBeGreaterThanOrEqual(1);
    // The e-mail job queued by the fan-out: one message per recipient.
    const mailed = `SELECT count(*)::int AS n FROM email_outbox WHERE assunto = 'Envio interrompido'`;
    await secondsUntil(async () => (await sql<{ n: number }>(mailed))[0].n >= deliveries.expected, 15);
    expect((await sql<{ n: number }>(mailed))[0].n).toBe(deliveries.expected);
    expect(server.child.exitCode).toBeNull();
  }, 150_000);
});
