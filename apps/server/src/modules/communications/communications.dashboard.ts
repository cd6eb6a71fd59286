import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db.js';
import { brandNamesSql, dealerNamesSql } from '../dealers/dealers.queries.js';
import { dealerGroupNamesSql } from '../groups/groups.queries.js';
import { userGroupNamesSql } from '../user-groups/user-groups.queries.js';
import { userLinksSql } from '../users/users.queries.js';

// A sent communication's dashboard as counters (issue 21 point 2; decision 0047; table `comunicado_painel`).
// The first request for a dashboard counts the deliveries once (`buildPainel`); from then on every read and
// confirmation adds to its rows in the transaction that records it (`countRead`), so a dashboard costs a few dozen
// rows however many deliveries there are, and every open dashboard can refetch on each read.
//
// Exactly once, on every instance: building and counting take the same transaction-scoped advisory lock of the
// communication. A read that commits before the build holds the lock is in the build's counts; one that takes the
// lock after the build committed finds the rows and adds to them; a read never finds the rows half built.

type Fatia = 'DEALER' | 'GRUPO' | 'MARCA' | 'GRUPO_USUARIOS';

/** The breakdowns: the users module's links of users to each unit, and the unit's owner's names. */
const SLICES: { fatia: Fatia; links: SQL; names: SQL }[] = [
  { fatia: 'DEALER', links: userLinksSql.dealer, names: dealerNamesSql },
  { fatia: 'GRUPO', links: userLinksSql.grupo, names: dealerGroupNamesSql },
  { fatia: 'MARCA', links: userLinksSql.marca, names: brandNamesSql },
  { fatia: 'GRUPO_USUARIOS', links: userLinksSql.grupoUsuarios, names: userGroupNamesSql },
];

/** The UTC day of a read, as the dashboard's reads per day name it. */
const utcDay = (at: SQL) => sql`to_char(date_trunc('day', ${at} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;

/** Serialises the build and the reads of one communication's counters (held until the transaction ends). */
const lockPainel = (tx: DbOrTx, comunicadoId: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`portal.comunicado_painel:${comunicadoId}`}))`);

async function painelBuilt(tx: DbOrTx, comunicadoId: string): Promise<boolean> {
  const found = await tx.execute(
    sql`SELECT 1 FROM comunicado_painel WHERE comunicado_id = ${comunicadoId} AND fatia = 'TOTAL' AND ref = ''`,
  );
  return found.rows.length > 0;
}

/**
 * Counts a communication's deliveries into its counters, unless they exist: totals, reads per UTC day, and recipients
 * and reads per dealer, dealer group (directly or through a dealer), brand and user group, a user counting once per
 * unit. One statement, under the communication's lock.
 */
export async function buildPainel(db: DbOrTx, comunicadoId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockPainel(tx, comunicadoId);
    if (await painelBuilt(tx, comunicadoId)) return;
    const slices = SLICES.map(
      (s) => sql`SELECT ${s.fatia}, l.ref_id::text, count(DISTINCT e.usuario_id)::int,
          (count(DISTINCT e.usuario_id) FILTER (WHERE e.lido))::int, 0
        FROM comunicado_envio e JOIN (${s.links}) l ON l.usuario_id = e.usuario_id
        WHERE e.comunicado_id = ${comunicadoId} GROUP BY l.ref_id`,
    );
    await tx.execute(sql`INSERT INTO comunicado_painel (comunicado_id, fatia, ref, destinatarios, lidos, confirmados)
      SELECT ${comunicadoId}::uuid, f.* FROM (
        SELECT 'TOTAL'::text AS fatia, ''::text AS ref, count(*)::int AS destinatarios,
               (count(*) FILTER (WHERE lido))::int AS lidos,
               (count(*) FILTER (WHERE data_confirmacao IS NOT NULL))::int AS confirmados
          FROM comunicado_envio WHERE comunicado_id = ${comunicadoId}
        UNION ALL
        SELECT 'DIA', ${utcDay(sql`data_leitura`)}, 0, count(*)::int, 0
          FROM comunicado_envio WHERE comunicado_id = ${comunicadoId} AND lido GROUP BY 2
        UNION ALL ${sql.join(slices, sql` UNION ALL `)}) f`);
  });
}

/**
 * Adds a recipient's read (`lido`: it was unread until now; its date `dataLeitura`) and confirmation (`confirmado`)
 * to the communication's counters, in the transaction that records them; nothing when the dashboard was never asked
 * for (its build will count them). The read counts in the units the reader belongs to now that the dashboard shows.
 */
export async function countRead(
  tx: Tx,
  input: { comunicadoId: string; usuarioId: string; lido: boolean; dataLeitura: Date; confirmado: boolean },
): Promise<void> {
  if (!input.lido && !input.confirmado) return;
  const { comunicadoId, usuarioId } = input;
  await lockPainel(tx, comunicadoId);
  const total = await tx.execute(sql`UPDATE comunicado_painel
      SET lidos = lidos + ${input.lido ? 1 : 0}, confirmados = confirmados + ${input.confirmado ? 1 : 0}
    WHERE comunicado_id = ${comunicadoId} AND fatia = 'TOTAL' AND ref = '' RETURNING 1`);
  if (!total.rows.length || !input.lido) return;
  await tx.execute(sql`INSERT INTO comunicado_painel (comunicado_id, fatia, ref, lidos)
      VALUES (${comunicadoId}, 'DIA', ${utcDay(sql`${input.dataLeitura}::timestamptz`)}, 1)
    ON CONFLICT (comunicado_id, fatia, ref) DO UPDATE SET lidos = comunicado_painel.lidos + 1`);
  const units = SLICES.map(
    (s) => sql`SELECT ${s.fatia}::text, l.ref_id::text FROM (${s.links}) l WHERE l.usuario_id = ${usuarioId}`,
  );
  await tx.execute(sql`UPDATE comunicado_painel SET lidos = lidos + 1
    WHERE comunicado_id = ${comunicadoId} AND (fatia, ref) IN (${sql.join(units, sql` UNION `)})`);
}

type Slice = { id: string; nome: string; destinatarios: number; lidos: number };

export type Painel = {
  entregues: number;
  lidos: number;
  confirmados: number;
  leiturasPorDia: { dia: string; lidos: number }[];
  porDealer: Slice[];
  porGrupo: Slice[];
  porMarca: Slice[];
  porGrupoUsuarios: Slice[];
};

/** A sent communication's dashboard figures, from its counters (built first when missing). */
export async function painelOf(db: DbOrTx, comunicadoId: string): Promise<Painel> {
  let found = await readPainel(db, comunicadoId);
  if (!found) {
    await buildPainel(db, comunicadoId);
    found = await readPainel(db, comunicadoId);
  }
  if (!found) throw new Error(`comunicado_painel of ${comunicadoId} missing after its build`);
  return found;
}

/** A communication's delivery totals from its counters, when its dashboard was built (else undefined: count them). */
export async function painelTotals(
  db: DbOrTx,
  comunicadoId: string,
): Promise<{ entregues: number; lidos: number } | undefined> {
  const [row] = (
    await db.execute(sql`SELECT destinatarios AS entregues, lidos FROM comunicado_painel
      WHERE comunicado_id = ${comunicadoId} AND fatia = 'TOTAL' AND ref = ''`)
  ).rows as { entregues: number; lidos: number }[];
  return row;
}

async function readPainel(db: DbOrTx, comunicadoId: string): Promise<Painel | null> {
  // The units' current names (by the owners' names SQL), each breakdown by name; the days in order.
  const named = SLICES.map(
    (s) => sql`SELECT p.fatia, x.id::text AS ref, x.nome, p.destinatarios, p.lidos, p.confirmados
      FROM comunicado_painel p JOIN (${s.names}) x ON x.id::text = p.ref
      WHERE p.comunicado_id = ${comunicadoId} AND p.fatia = ${s.fatia}`,
  );
  const result = await db.execute(sql`SELECT * FROM (
      SELECT fatia, ref, NULL::text AS nome, destinatarios, lidos, confirmados FROM comunicado_painel
       WHERE comunicado_id = ${comunicadoId} AND fatia IN ('TOTAL', 'DIA')
      UNION ALL ${sql.join(named, sql` UNION ALL `)}) p ORDER BY fatia, nome, ref`);
  const rows = result.rows as {
    fatia: string;
    ref: string;
    nome: string | null;
    destinatarios: number;
    lidos: number;
    confirmados: number;
  }[];
  const total = rows.find((r) => r.fatia === 'TOTAL');
  if (!total) return null;
  const slice = (fatia: Fatia) =>
    rows
      .filter((r) => r.fatia === fatia)
      .map((r) => ({ id: r.ref, nome: r.nome ?? '', destinatarios: r.destinatarios, lidos: r.lidos }));
  return {
    entregues: total.destinatarios,
    lidos: total.lidos,
    confirmados: total.confirmados,
    leiturasPorDia: rows.filter((r) => r.fatia === 'DIA').map((r) => ({ dia: r.ref, lidos: r.lidos })),
    porDealer: slice('DEALER'),
    porGrupo: slice('GRUPO'),
    porMarca: slice('MARCA'),
    porGrupoUsuarios: slice('GRUPO_USUARIOS'),
  };
}
