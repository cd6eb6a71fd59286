import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmRead } from '../src/modules/communications/communications.confirmation.js';
import { buildPainel, painelOf } from '../src/modules/communications/communications.dashboard.js';
import { fanOut } from '../src/modules/communications/communications.jobs.js';
import { deliveryTotals, readsBy, readsPerDay } from '../src/modules/communications/communications.queries.js';
import { markDeliveryRead } from '../src/modules/communications/communications.service.js';
import { loadCurrentUser } from '../src/modules/users/users.queries.js';
import type { ActionContext } from '../src/platform/actions.js';
import type { Services } from '../src/platform/services.js';
import { freshPostgresDatabase, onPostgres, startTestPortal, type TestPortal } from './harness.js';

// Issue 21 point 2: the dashboard's counters (comunicado_painel) equal a recount of the deliveries after reads and
// confirmations that run concurrently with each other and with the counters' first build; on PostgreSQL the reads
// go through two instances of the portal on one database.

const USERS = 30;

describe('the dashboard counters of a communication', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
  let a: TestPortal;
  let b: TestPortal;
  let comunicadoId: string;
  let userIds: string[];

  beforeAll(async () => {
    if (onPostgres) {
      database = await freshPostgresDatabase();
      a = await startTestPortal({ databaseUrl: database.url });
      b = await startTestPortal({ databaseUrl: database.url });
    } else {
      a = await startTestPortal();
      b = a; // PGlite in memory: one instance.
    }
    const exec = async (query: ReturnType<typeof sql>) => (await a.services.db.execute(query)).rows;
    // USERS users in a new user group; each at one of two demo dealers and with one of two brands.
    const [grupo] = await exec(sql`INSERT INTO grupo_usuarios (nome) VALUES ('Painel concorrente') RETURNING id`);
    const dealers = await exec(sql`SELECT id FROM dealer ORDER BY id LIMIT 2`);
    const brands = await exec(sql`SELECT id FROM marca ORDER BY id LIMIT 2`);
    userIds = [];
    for (let i = 0; i < USERS; i++) {
      const [u] = await exec(sql`INSERT INTO usuario (nome, email, tipo, idioma, active)
        VALUES (${`Leitor Painel ${i}`}, ${`painel${i}@painel.test`}, 'DEALER_GRUPO', 'PT_BR', true) RETURNING id`);
      const id = String(u.id);
      userIds.push(id);
      await exec(sql`INSERT INTO usuario_grupo_usuarios (usuario_id, grupo_usuarios_id) VALUES (${id}, ${grupo.id})`);
      await exec(sql`INSERT INTO usuario_dealer (usuario_id, dealer_id) VALUES (${id}, ${dealers[i % 2].id})`);
      await exec(sql`INSERT INTO usuario_marca (usuario_id, marca_id) VALUES (${id}, ${brands[i % 2].id})`);
    }
    const [creator] = await exec(sql`SELECT id FROM usuario WHERE email = 'aprovador@portal.demo'`);
    const [c] = await exec(sql`INSERT INTO comunicado (titulo, mensagem, status, criador_id, exige_confirmacao)
      VALUES ('Painel concorrente', '<p>x</p>', 'APROVADO', ${creator.id}, true) RETURNING id`);
    comunicadoId = String(c.id);
    await exec(sql`INSERT INTO comunicado_grupo_usuarios (comunicado_id, grupo_usuarios_id)
      VALUES (${comunicadoId}, ${grupo.id})`);
    expect((await fanOut(a.services, comunicadoId)).n).toBe(USERS);
  });
  afterAll(async () => {
    await a?.stop();
    if (b !== a) await b?.stop();
    await database?.drop();
  });

  const as = async (services: Services, userId: string): Promise<ActionContext> => ({
    ...services,
    actor: await loadCurrentUser(services.database, userId),
  });

  /** What the dashboard showed before the counters: every figure counted from the deliveries. */
  async function recount() {
    const db = a.services.db;
    const [totals, perDay, slices] = await Promise.all([
      deliveryTotals(db, comunicadoId),
      readsPerDay(db, comunicadoId),
      readsBy(db, comunicadoId),
    ]);
    const [{ n: confirmados }] = (
      await db.execute(sql`SELECT count(*)::int AS n FROM comunicado_envio
        WHERE comunicado_id = ${comunicadoId} AND data_confirmacao IS NOT NULL`)
    ).rows as { n: number }[];
    return { ...totals, confirmados, leiturasPorDia: perDay, ...slices };
  }

  it('equal a recount after reads and confirmations concurrent with their build, on every instance', async () => {
    // Reads before anyone opened the dashboard: the build counts them.
    for (const id of userIds.slice(0, 4)) await markDeliveryRead(await as(a.services, id), { comunicadoId });

    // The build, reads on both instances and confirmations (of read and unread deliveries), all at once.
    const reading = userIds.slice(4, 22);
    const confirming = [...userIds.slice(2, 4), ...userIds.slice(20, 26)];
    await Promise.all([
      buildPainel(b.services.db, comunicadoId),
      ...reading.map(async (id, i) => markDeliveryRead(await as((i % 2 ? b : a).services, id), { comunicadoId })),
      ...confirming.map(async (id, i) => confirmRead(await as((i % 2 ? a : b).services, id), { comunicadoId })),
      buildPainel(a.services.db, comunicadoId),
    ]);
    // A second read of the same delivery counts nothing.
    await markDeliveryRead(await as(b.services, userIds[5]), { comunicadoId });

    const expected = await recount();
    expect(expected.lidos).toBe(26);
    expect(expected.confirmados).toBe(8);
    for (const portal of [a, b]) {
      const painel = await painelOf(portal.services.db, comunicadoId);
      expect({ entregues: painel.entregues, lidos: painel.lidos, confirmados: painel.confirmados }).toEqual({
        entregues: expected.entregues,
        lidos: expected.lidos,
        confirmados: expected.confirmados,
      });
      expect(painel.leiturasPorDia).toEqual(expected.leiturasPorDia);
      for (const key of ['porDealer', 'porGrupo', 'porMarca', 'porGrupoUsuarios'] as const)
        expect(painel[key], key).toEqual(expected[key]);
    }
    expect(
      painelOfRows(
        await a.services.db.execute(sql`SELECT count(*)::int AS n FROM comunicado_painel
      WHERE comunicado_id = ${comunicadoId} AND fatia = 'TOTAL'`),
      ),
    ).toBe(1);
  });
});

const painelOfRows = (result: { rows: unknown[] }) => (result.rows[0] as { n: number }).n;
