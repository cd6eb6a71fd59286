import {
  type AudienciaNotificacaoInput,
  audienciaNotificacaoSchema,
  fillPlaceholders,
  type NotificacaoGenericaFormInput,
  type NotificacaoGenericaInput,
  notificacaoGenericaFormSchema,
  notificacaoGenericaSchema,
  USER_TYPES,
} from '@portal/domain';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
import {
  type ActionContext,
  actorId,
  inTransaction,
  type Page,
  parseInput,
  requireAllowed,
  systemContext,
} from '../../platform/actions.js';
import type { DbOrTx, Tx } from '../../platform/db.js';
import { badInput, notFound } from '../../platform/errors.js';
import { sanitizeHtml } from '../../platform/html.js';
import type { JobContext } from '../../platform/module.js';
import type { Services } from '../../platform/services.js';
import { isUuid, UUID, uuidArray } from '../../platform/sql.js';
import { recordAudit } from '../audit/audit.service.js';
import { dealerNames } from '../dealers/dealers.queries.js';
import { dealerGroupNamesSql } from '../groups/groups.queries.js';
import { loadPortalProperties } from '../portal/portal.queries.js';
import { userGroupNamesSql } from '../user-groups/user-groups.queries.js';
import { type Audience, audienceSql, searchAudienceUsers } from '../users/users.audience.js';
import { userSummarySql } from '../users/users.queries.js';
import { ANNOUNCE_EACH_MAX, announceTo, notifyRecipients, type Recipients } from './notifications.service.js';
import {
  type AudienciaGenerica,
  modeloNotificacao,
  notificacaoGenerica,
  notificacaoGenericaEnvio,
} from './notifications-generic.tables.js';

// Generic notifications of the screens (docs/domains/notifications.md#generic-notifications): written
// from scratch or from a template, to an audience, sent now or at a time of the business clock.

export type GenericaRow = typeof notificacaoGenerica.$inferSelect & { lidas: number };

/** The queue of scheduled sends: one job per schedule, started after its time, run once across instances. */
export const GENERIC_SEND_QUEUE = 'notificacao-generica.enviar';

const SEND = { keys: ['PORTAL_NOTIFICACOES_GENERICAS' as const] };

/** The audience resolver's terms for a stored audience (malformed ids reach nobody). */
export function audienceOf(a: AudienciaGenerica): Audience {
  const ids = (list: readonly string[]) => list.filter((id) => UUID.test(id));
  return {
    usuarioIds: ids(a.idsUsuarios),
    grupoUsuariosIds: ids(a.idsGruposUsuarios),
    tipos: a.tiposUsuario,
    grupoIds: ids(a.idsGrupos),
    dealerIds: ids(a.idsDealers),
  };
}

const emptyAudience = (a: AudienciaGenerica) =>
  !a.idsUsuarios.length &&
  !a.idsGruposUsuarios.length &&
  !a.tiposUsuario.length &&
  !a.idsGrupos.length &&
  !a.idsDealers.length;

/** The exact number of active users an audience reaches now (the form's live count). */
export async function countAudience(db: DbOrTx, input: AudienciaNotificacaoInput): Promise<number> {
  const a = parseInput(audienciaNotificacaoSchema, input, 'audiencia');
  if (emptyAudience(a)) return 0;
  const [row] = (await db.execute(sql`SELECT count(*)::int AS n FROM (${audienceSql(audienceOf(a))}) alvo`)).rows as {
    n: number;
  }[];
  return row.n;
}

/** How many of a generic notification's recipients have read it (over the bell's rows it created). */
const readCountSql = (genericaId: SQL) => sql<number>`(SELECT count(*)::int FROM notificacao_usuario nu
  JOIN notificacao_generica_envio e ON e.notificacao_id = nu.notificacao_id
  WHERE e.generica_id = ${genericaId} AND nu.lida)`;

const withReads = { lidas: readCountSql(sql`${notificacaoGenerica.id}`) };

/** Generic notifications, newest first, one page at a time, with their read counts. */
export async function pageGeneric(
  db: DbOrTx,
  page: Page & { offset: number },
): Promise<{ content: GenericaRow[]; totalElements: number }> {
  const [content, [total]] = await Promise.all([
    db
      .select({ ...columns(), ...withReads })
      .from(notificacaoGenerica)
      .orderBy(desc(notificacaoGenerica.criadaEm), desc(notificacaoGenerica.id))
      .limit(page.rowsPerPage)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(notificacaoGenerica),
  ]);
  return { content, totalElements: total.n };
}

function columns() {
  const { id, tipo, modeloId, titulo, texto, link, audiencia, status, dataAgendamento, enviadaEm } =
    notificacaoGenerica;
  const { destinatarios, criadorId, criadaEm } = notificacaoGenerica;
  return {
    id,
    tipo,
    modeloId,
    titulo,
    texto,
    link,
    audiencia,
    status,
    dataAgendamento,
    enviadaEm,
    destinatarios,
    criadorId,
    criadaEm,
  };
}

/** One generic notification with its read count, or null (malformed ids too). */
export async function findGeneric(db: DbOrTx, id: string): Promise<GenericaRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ ...columns(), ...withReads })
    .from(notificacaoGenerica)
    .where(eq(notificacaoGenerica.id, id));
  return row ?? null;
}

type Option = { id: string; nome: string };

/** A stored audience with names for its chips (users, user groups, dealer groups, dealers), by name. */
export async function audienceWithNames(db: DbOrTx, a: AudienciaGenerica) {
  const named = async (source: SQL, ids: string[]): Promise<Option[]> => {
    const valid = ids.filter(isUuid);
    if (!valid.length) return [];
    return (
      await db.execute(
        sql`SELECT s.id, s.nome FROM (${source}) s WHERE s.id = ANY(${uuidArray(valid)}) ORDER BY s.nome`,
      )
    ).rows as Option[];
  };
  return {
    usuarios: await named(userSummarySql, a.idsUsuarios),
    gruposUsuarios: await named(userGroupNamesSql, a.idsGruposUsuarios),
    tiposUsuario: a.tiposUsuario,
    grupos: await named(dealerGroupNamesSql, a.idsGrupos),
    dealers: await dealerNames(db, a.idsDealers.filter(isUuid)),
  };
}

/**
 * Active users whose name or e-mail contains `busca` (ignoring case and accents), by name, at most `limit`:
 * the users module's indexed audience search over every active user.
 */
export async function searchActiveUsers(db: DbOrTx, busca: string, limit: number): Promise<Option[]> {
  const rows = await searchAudienceUsers(db, audienceSql({ tipos: USER_TYPES }), busca, limit);
  return rows.map((u) => ({ id: u.id, nome: u.nome }));
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The link as a recipient opens it: an in-app path becomes an address of the portal. */
const absoluteLink = (ctx: ActionContext, link: string | null) =>
  link ? (link.startsWith('/') ? `${ctx.config.publicUrl}${link}` : link) : '';

/**
 * Writes the bell's notifications of a generic notification and links them to it, in the caller's
 * transaction. From scratch: one notification for the whole audience in one statement. From a template:
 * the recipient's language picks the template's version (else its default), the placeholders are filled
 * per recipient, and recipients whose filled text is the same share one notification.
 */
async function deliver(
  tx: Tx,
  txCtx: ActionContext,
  row: typeof notificacaoGenerica.$inferSelect,
): Promise<Recipients> {
  const recipients = audienceSql(audienceOf(row.audiencia));
  const sent: Recipients = { n: 0, ids: [] };
  const link = async (written: Recipients & { id: string | null }) => {
    if (!written.id) return;
    await tx.insert(notificacaoGenericaEnvio).values({ genericaId: row.id, notificacaoId: written.id });
    sent.n += written.n;
    sent.ids = [...sent.ids, ...written.ids].slice(0, ANNOUNCE_EACH_MAX + 1);
  };
  if (row.tipo !== 'comModelo' || !row.modeloId) {
    await link(await notifyRecipients(txCtx, { titulo: row.titulo, texto: row.texto, link: row.link, recipients }));
    return sent;
  }
  const [modelo] = await tx.select().from(modeloNotificacao).where(eq(modeloNotificacao.id, row.modeloId));
  const produto = (await loadPortalProperties(tx))?.name ?? '';
  const users = (
    await tx.execute(sql`SELECT u.id, u.nome, u.idioma FROM (${userSummarySql}) u WHERE u.id IN (${recipients})
      ORDER BY u.id`)
  ).rows as { id: string; nome: string; idioma: string }[];
  const groups = new Map<string, { titulo: string; texto: string; ids: string[] }>();
  for (const u of users) {
    const version = modelo?.traducoes.find((t) => t.idioma === u.idioma) ?? modelo ?? row;
    const values = { nome: u.nome, produto, link: absoluteLink(txCtx, row.link) };
    const titulo = fillPlaceholders(version.titulo, values);
    const texto = fillPlaceholders(version.texto, values, escapeHtml);
    const key = `${titulo}\u0000${texto}`;
    const group = groups.get(key) ?? { titulo, texto, ids: [] };
    group.ids.push(u.id);
    groups.set(key, group);
  }
  for (const g of groups.values()) {
    const ids = sql`SELECT unnest(${uuidArray(g.ids)}) AS id`;
    await link(
      await notifyRecipients(txCtx, {
        titulo: g.titulo.slice(0, 200),
        texto: g.texto,
        link: row.link,
        recipients: ids,
      }),
    );
  }
  return sent;
}

/** Marks a generic notification sent after `deliver`, with how many it reached. */
async function markSent(tx: Tx, ctx: ActionContext, id: string, n: number) {
  await tx
    .update(notificacaoGenerica)
    .set({ status: 'ENVIADA', enviadaEm: ctx.clock.now(), destinatarios: n })
    .where(eq(notificacaoGenerica.id, id));
}

/**
 * Queues the send of a scheduled generic notification for its time on the business clock (which may run
 * ahead of real time in tests and demos), in the caller's transaction. The job checks the row again, so
 * an edited or cancelled schedule leaves only harmless stale jobs.
 */
async function queueSend(tx: Tx, ctx: ActionContext, id: string, at: Date) {
  const ahead = ctx.clock.now().getTime() - Date.now();
  await ctx.jobs.send(
    GENERIC_SEND_QUEUE,
    { id },
    {
      singletonKey: `${id}:${at.toISOString()}`,
      startAfter: new Date(at.getTime() - ahead),
      retryLimit: 5,
      retryDelay: 5,
      db: fromDrizzle(tx, sql),
    },
  );
}

/** What the form's fields become in the row (from scratch: the text sanitised; from a template: its default). */
async function contentOf(tx: Tx, v: ReturnType<ReturnType<typeof notificacaoGenericaFormSchema>['parse']>) {
  if (v.tipo === 'modelo') return { modeloId: null, titulo: v.titulo, texto: sanitizeHtml(v.texto) };
  const [modelo] =
    v.modeloId && isUuid(v.modeloId)
      ? await tx.select().from(modeloNotificacao).where(eq(modeloNotificacao.id, v.modeloId))
      : [];
  if (!modelo?.active) throw badInput({ modeloId: 'notifications.templateInactive' }, 'notifications.templateInactive');
  return { modeloId: modelo.id, titulo: modelo.titulo, texto: modelo.texto };
}

/**
 * Creates a generic notification (no `id`) and sends it now or schedules it, or edits one still
 * scheduled (PORTAL_NOTIFICACOES_GENERICAS): the screens' one write, and enviarNotificacaoGenerica's.
 * Sending now with nobody in the audience is BAD_USER_INPUT; editing one already sent or cancelled too.
 * Audited; the bells are told after commit. Returns the generic notification's id.
 */
export async function saveGeneric(
  ctx: ActionContext,
  input: { id?: string | null; notificacao: NotificacaoGenericaFormInput },
): Promise<string> {
  const v = parseInput(notificacaoGenericaFormSchema(ctx.clock.now()), input.notificacao, 'notificacao');
  requireAllowed(ctx, SEND);
  const id = input.id ?? null;
  if (id !== null && !isUuid(id)) throw notFound();
  const { saved, sent } = await inTransaction(ctx, async (tx, txCtx) => {
    const [before] = id
      ? await tx.select().from(notificacaoGenerica).where(eq(notificacaoGenerica.id, id)).for('update')
      : [];
    if (id && !before) throw notFound();
    if (before && before.status !== 'AGENDADA')
      throw badInput({ id: 'notifications.notScheduled' }, 'notifications.notScheduled');
    const values = {
      tipo: v.tipo,
      ...(await contentOf(tx, v)),
      link: v.link,
      audiencia: v.audiencia,
      dataAgendamento: v.dataAgendamento,
      status: v.dataAgendamento ? 'AGENDADA' : 'ENVIADA',
    };
    const [row] = before
      ? await tx.update(notificacaoGenerica).set(values).where(eq(notificacaoGenerica.id, before.id)).returning()
      : await tx
          .insert(notificacaoGenerica)
          .values({ ...values, criadorId: actorId(ctx) })
          .returning();
    let delivered: Recipients = { n: 0, ids: [] };
    if (v.dataAgendamento) await queueSend(tx, ctx, row.id, v.dataAgendamento);
    else {
      delivered = await deliver(tx, txCtx, row);
      if (!delivered.n) throw badInput({ audiencia: 'notifications.noRecipients' }, 'notifications.noRecipients');
      await markSent(tx, ctx, row.id, delivered.n);
    }
    const { texto: _texto, ...summary } = row;
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'notificacao_generica',
      entityId: row.id,
      action: before ? 'editar' : v.dataAgendamento ? 'criar' : 'enviar',
      before: before ? { ...before, texto: undefined } : undefined,
      after: { ...summary, destinatarios: delivered.n },
    });
    return { saved: row.id, sent: delivered };
  });
  await announceTo(ctx.events, sent);
  return saved;
}

/** Cancels a scheduled generic notification (PORTAL_NOTIFICACOES_GENERICAS), audited. Not scheduled: BAD_USER_INPUT. */
export async function cancelGeneric(ctx: ActionContext, input: { id: string }): Promise<string> {
  requireAllowed(ctx, SEND);
  if (!isUuid(input.id)) throw notFound();
  await inTransaction(ctx, async (tx) => {
    const [before] = await tx
      .select()
      .from(notificacaoGenerica)
      .where(eq(notificacaoGenerica.id, input.id))
      .for('update');
    if (!before) throw notFound();
    if (before.status !== 'AGENDADA')
      throw badInput({ id: 'notifications.notScheduled' }, 'notifications.notScheduled');
    await tx.update(notificacaoGenerica).set({ status: 'CANCELADA' }).where(eq(notificacaoGenerica.id, input.id));
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'notificacao_generica',
      entityId: input.id,
      action: 'cancelar',
      before: { status: before.status },
      after: { status: 'CANCELADA' },
    });
  });
  return input.id;
}

/**
 * The scheduled send (a job of the system): when the row is still AGENDADA and its time has come on the
 * business clock, delivers it and marks it sent, in one transaction under the row's lock, so with several
 * instances and retries it is sent once. Not yet due (the clock moved): queued again for its time.
 * Returns how many received it now.
 */
export async function sendScheduledGeneric(services: Services | ActionContext, id: string): Promise<number> {
  const ctx = systemContext(services);
  const sent = await inTransaction(ctx, async (tx, txCtx) => {
    const [row] = await tx.select().from(notificacaoGenerica).where(eq(notificacaoGenerica.id, id)).for('update');
    if (row?.status !== 'AGENDADA' || !row.dataAgendamento) return { n: 0, ids: [] };
    if (row.dataAgendamento.getTime() > ctx.clock.now().getTime()) {
      await queueSend(tx, ctx, row.id, row.dataAgendamento);
      return { n: 0, ids: [] };
    }
    const delivered = await deliver(tx, txCtx, row);
    await markSent(tx, ctx, row.id, delivered.n);
    await recordAudit(tx, {
      actorId: null,
      entity: 'notificacao_generica',
      entityId: row.id,
      action: 'disparar',
      before: { status: 'AGENDADA' },
      after: { status: 'ENVIADA', destinatarios: delivered.n },
    });
    return delivered;
  });
  await announceTo(ctx.events, sent);
  return sent.n;
}

/** Starts this instance's worker of scheduled generic notifications. */
export async function startGenericNotificationJobs({ services }: JobContext) {
  await services.jobs.work<{ id: string }>(GENERIC_SEND_QUEUE, async ({ id }) => {
    await sendScheduledGeneric(services, id);
  });
}

/**
 * enviarNotificacaoGenerica (PORTAL_NOTIFICACOES_GENERICAS): a generic notification from scratch, sent
 * now to the active users listed and the members of the user groups listed, through the screens' action
 * (`saveGeneric`), so it is listed with the others. Returns how many users received it.
 */
export async function sendGenericNotification(ctx: ActionContext, input: NotificacaoGenericaInput): Promise<number> {
  const v = parseInput(notificacaoGenericaSchema, input, 'notificacao');
  requireAllowed(ctx, SEND);
  const id = await saveGeneric(ctx, {
    notificacao: {
      tipo: 'modelo',
      titulo: v.titulo,
      texto: v.texto,
      link: v.link,
      audiencia: { idsUsuarios: v.idsUsuarios, idsGruposUsuarios: v.idsGruposUsuarios },
    },
  });
  const [row] = await ctx.db
    .select({ n: notificacaoGenerica.destinatarios })
    .from(notificacaoGenerica)
    .where(eq(notificacaoGenerica.id, id));
  return row.n;
}
