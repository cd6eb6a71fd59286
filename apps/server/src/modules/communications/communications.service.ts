import { randomUUID } from 'node:crypto';
import {
  APPROVE_KEY,
  approverProblem,
  type ComunicadoAction,
  type ComunicadoActor,
  type ComunicadoStatus,
  canPerform,
  comunicadoSchema,
  errataSchema,
  hasAudience,
  isScheduleValid,
  JUSTIFICATION_MIN,
  nextStatus,
  rejeicaoSchema,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
import type { Db, Tx } from '../../platform/db.js';
import { AppError, badInput, forbidden, notFound } from '../../platform/errors.js';
import type { CurrentUser } from '../../platform/graphql/context.js';
import { sanitizeHtml } from '../../platform/html.js';
import type { Services } from '../../platform/services.js';
import { textArray, UUID, uuidArray } from '../../platform/sql.js';
import { recordAudit } from '../audit/audit.service.js';
import { placeUpload } from '../files/files.service.js';
import { announce, createNotification } from '../notifications/notifications.service.js';
import { type ComunicadoRow, findComunicado, findEnvio, holdersOfKey } from './communications.queries.js';

// Named actions of communications (STYLE §3): check, one transaction with the change and its audit
// row, then announce. Who may do what is the domain's transition table (communications-rules.ts).

/** Queue of the fan-out job: writes one delivery per recipient, exactly once (DESIGN §7). */
export const SEND_QUEUE = 'comunicado.enviar';
/** Queue of the e-mails of a sent communication (batched, after the fan-out). */
export const EMAIL_QUEUE = 'comunicado.emails';
/** Channel announcing reads of a communication (payload { comunicadoId }): the dashboard's live updates. */
export const READS_CHANNEL = 'portal_comunicado_leituras';

type Input = {
  titulo: string;
  mensagem: string;
  etiquetas?: string[] | null;
  departamentoId?: string | null;
  dataInicioExibicao?: Date | string | null;
  dataFimExibicao?: Date | string | null;
  idsGruposUsuarios?: string[] | null;
  idsGrupos?: string[] | null;
  emailsAvulsos?: string[] | null;
  idsUsuariosRemovidos?: string[] | null;
  idsArquivos?: string[] | null;
  aprovadorId?: string | null;
};

const actorOf = (user: CurrentUser): ComunicadoActor => ({ id: user.id, chaves: user.chaves });
const factsOf = (c: ComunicadoRow) => ({
  status: c.status as ComunicadoStatus,
  criadorId: c.criador_id,
  aprovadorId: c.aprovador_id,
});

/** Zod issues as BAD_USER_INPUT with per-field i18n keys (the first message is the summary). */
function invalid(issues: { path: PropertyKey[]; message: string }[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.join('.') || 'comunicado'] ??= issue.message;
  return badInput(fields, issues[0]?.message);
}

/** The input, validated by the domain schema; the HTML message through the allow-list sanitiser. */
function validContent(input: Input) {
  const parsed = comunicadoSchema.safeParse({
    ...input,
    etiquetas: input.etiquetas ?? [],
    idsGruposUsuarios: input.idsGruposUsuarios ?? [],
    idsGrupos: input.idsGrupos ?? [],
    emailsAvulsos: input.emailsAvulsos ?? [],
    idsUsuariosRemovidos: input.idsUsuariosRemovidos ?? [],
    idsArquivos: input.idsArquivos ?? [],
    dataInicioExibicao: input.dataInicioExibicao ? new Date(input.dataInicioExibicao) : null,
    dataFimExibicao: input.dataFimExibicao ? new Date(input.dataFimExibicao) : null,
  });
  if (!parsed.success) throw invalid(parsed.error.issues);
  const v = parsed.data;
  const mensagem = sanitizeHtml(v.mensagem);
  if (!mensagem.replace(/<[^>]*>/g, '').trim()) throw badInput({ mensagem: 'validation.required' });
  return { ...v, mensagem };
}

/** The communication, locked, if the actor may see it (creator or chosen approver); else NOT_FOUND. */
async function ownLocked(tx: Tx, user: CurrentUser, id: string): Promise<ComunicadoRow> {
  const c = await findComunicado(tx, id, true);
  if (!c || (c.criador_id !== user.id && c.aprovador_id !== user.id)) throw notFound();
  return c;
}

function requireAction(user: CurrentUser, c: ComunicadoRow, action: ComunicadoAction): ComunicadoStatus {
  const to = nextStatus(factsOf(c), action);
  if (!to) throw new AppError('CONFLICT', 'communicationsApi.invalidTransition');
  if (!canPerform(actorOf(user), factsOf(c), action)) throw forbidden();
  return to;
}

async function replaceAudience(tx: Tx, id: string, v: ReturnType<typeof validContent>, actorId: string) {
  await tx.execute(sql`DELETE FROM comunicado_grupo_usuarios WHERE comunicado_id = ${id}`);
  await tx.execute(sql`DELETE FROM comunicado_grupo WHERE comunicado_id = ${id}`);
  await tx.execute(sql`DELETE FROM comunicado_usuario_removido WHERE comunicado_id = ${id}`);
  await replaceAttachments(tx, id, v.idsArquivos, actorId);
  const groups = (
    await tx.execute(sql`SELECT id FROM grupo_usuarios WHERE active AND id = ANY(${uuidArray(v.idsGruposUsuarios)})`)
  ).rows as { id: string }[];
  if (groups.length !== new Set(v.idsGruposUsuarios).size) throw badInput({ idsGruposUsuarios: 'validation.invalid' });
  const dealerGroups = (
    await tx.execute(sql`SELECT id FROM grupo WHERE active AND id = ANY(${uuidArray(v.idsGrupos)})`)
  ).rows as { id: string }[];
  if (dealerGroups.length !== new Set(v.idsGrupos).size) throw badInput({ idsGrupos: 'validation.invalid' });
  for (const g of groups) {
    await tx.execute(sql`INSERT INTO comunicado_grupo_usuarios VALUES (${id}, ${g.id})`);
  }
  for (const g of dealerGroups) await tx.execute(sql`INSERT INTO comunicado_grupo VALUES (${id}, ${g.id})`);
  for (const userId of new Set(v.idsUsuariosRemovidos.filter((u) => UUID.test(u)))) {
    await tx.execute(sql`INSERT INTO comunicado_usuario_removido
      SELECT ${id}, u.id FROM usuario u WHERE u.id = ${userId} ON CONFLICT DO NOTHING`);
  }
}

/**
 * The attachments of communication `id` become `ids` (issue 10, 5): each one already attached here
 * (or, for an errata, to its original, whose recipients it reaches), or an upload of the actor's not
 * placed anywhere yet (the files module's placeUpload). Any other id, someone else's upload or one
 * attached elsewhere, is refused exactly like a missing one. An attachment taken off that nothing
 * else holds goes back to unplaced, for the retention sweep to remove.
 */
async function replaceAttachments(tx: Tx, id: string, ids: string[], actorId: string) {
  const held = (
    await tx.execute(sql`SELECT arquivo_id FROM comunicado_arquivo WHERE comunicado_id = ${id}
        OR comunicado_id = (SELECT id_parent FROM comunicado WHERE id = ${id})`)
  ).rows as { arquivo_id: string }[];
  const kept = new Set(held.map((r) => r.arquivo_id));
  const wanted = [...new Set(ids)];
  await tx.execute(sql`DELETE FROM comunicado_arquivo WHERE comunicado_id = ${id}`);
  for (const [ordem, arquivoId] of wanted.entries()) {
    const ok = kept.has(arquivoId) || (await placeUpload(tx, { arquivoId, ownerId: actorId, fileType: 'COMUNICADO' }));
    if (!ok) throw badInput({ idsArquivos: 'validation.invalid' });
    await tx.execute(sql`INSERT INTO comunicado_arquivo VALUES (${id}, ${arquivoId}, ${ordem})`);
  }
  const dropped = [...kept].filter((a) => !wanted.includes(a));
  if (dropped.length) {
    await tx.execute(sql`UPDATE arquivo a SET colocado_em = NULL WHERE a.id = ANY(${uuidArray(dropped)})
      AND NOT EXISTS (SELECT 1 FROM comunicado_arquivo ca WHERE ca.arquivo_id = a.id)`);
  }
}

/**
 * Creates (no id) or edits a draft or rejected communication (SPEC §5: title and message required).
 * Creating needs the create or the approval key (guard); editing, being its creator.
 */
export async function saveComunicado(db: Db, user: CurrentUser, id: string | null | undefined, input: Input) {
  const v = validContent(input);
  return db.transaction(async (tx) => {
    let comunicadoId = id ?? null;
    let before: ComunicadoRow | null = null;
    if (comunicadoId) {
      before = await ownLocked(tx, user, comunicadoId);
      requireAction(user, before, 'SALVAR');
      if (before.id_parent) {
        // An errata keeps the original's audience (its recipients).
        v.idsGruposUsuarios = [];
        v.idsGrupos = [];
        v.emailsAvulsos = [];
      }
      await tx.execute(sql`UPDATE comunicado SET titulo = ${v.titulo}, mensagem = ${v.mensagem},
        etiquetas = ${textArray(v.etiquetas)}, departamento_id = ${v.departamentoId ?? null},
        data_inicio_exibicao = ${v.dataInicioExibicao ?? null}, data_fim_exibicao = ${v.dataFimExibicao ?? null},
        emails_avulsos = ${textArray(v.emailsAvulsos)}, aprovador_id = ${v.aprovadorId ?? before.aprovador_id},
        atualizado_em = now() WHERE id = ${comunicadoId}`);
    } else {
      comunicadoId = randomUUID();
      await tx.execute(sql`INSERT INTO comunicado (id, titulo, mensagem, status, criador_id, aprovador_id, etiquetas,
          departamento_id, data_inicio_exibicao, data_fim_exibicao, emails_avulsos)
        VALUES (${comunicadoId}, ${v.titulo}, ${v.mensagem}, 'RASCUNHO', ${user.id}, ${v.aprovadorId ?? null},
          ${textArray(v.etiquetas)}, ${v.departamentoId ?? null}, ${v.dataInicioExibicao ?? null},
          ${v.dataFimExibicao ?? null}, ${textArray(v.emailsAvulsos)})`);
    }
    await validDepartment(tx, v.departamentoId);
    await replaceAudience(tx, comunicadoId, v, user.id);
    await recordAudit(tx, {
      actorId: user.id,
      entity: 'comunicado',
      entityId: comunicadoId,
      action: before ? 'editar' : 'criar',
      before: before ? { titulo: before.titulo, status: before.status } : null,
      after: { titulo: v.titulo, status: before?.status ?? 'RASCUNHO' },
    });
    return comunicadoId;
  });
}

async function validDepartment(tx: Tx, id: string | null | undefined) {
  if (!id) return;
  const found = UUID.test(id) && (await tx.execute(sql`SELECT 1 FROM departamento WHERE id = ${id}`)).rows.length > 0;
  if (!found) throw badInput({ departamentoId: 'validation.invalid' });
}

/** The audience must reach someone (SPEC §5): a user group, a dealer group or a manual e-mail. */
async function requireAudience(tx: Tx, c: ComunicadoRow) {
  if (c.id_parent) return;
  const groups = (
    await tx.execute(sql`SELECT
      (SELECT count(*) FROM comunicado_grupo_usuarios WHERE comunicado_id = ${c.id})::int AS gu,
      (SELECT count(*) FROM comunicado_grupo WHERE comunicado_id = ${c.id})::int AS g`)
  ).rows[0] as {
    gu: number;
    g: number;
  };
  const audience = {
    idsGruposUsuarios: Array(groups.gu).fill('x'),
    idsGrupos: Array(groups.g).fill('x'),
    emailsAvulsos: c.emails_avulsos,
  };
  if (!hasAudience(audience)) {
    throw badInput({ idsGruposUsuarios: 'communications.audienceRequired' }, 'communications.audienceRequired');
  }
}

async function setStatus(tx: Tx, c: ComunicadoRow, status: ComunicadoStatus, extra = sql``) {
  await tx.execute(sql`UPDATE comunicado SET status = ${status}, atualizado_em = now() ${extra} WHERE id = ${c.id}`);
}

/** Queues the fan-out in the caller's transaction (it commits with the status change). */
async function queueSend(services: Services, tx: Tx, comunicadoId: string) {
  await services.jobs.send(
    SEND_QUEUE,
    { comunicadoId },
    { singletonKey: comunicadoId, retryLimit: 5, retryDelay: 2, db: fromDrizzle(tx, sql) },
  );
}

/** Tells one user, in the bell, about a step of a communication of theirs. */
async function notifyUser(tx: Tx, usuarioId: string, titulo: string, texto: string, link: string) {
  await createNotification(tx, { titulo, texto, link, usuarioIds: [usuarioId] });
}

/** A schedule, when given: at least one hour ahead of the server's clock (SPEC §5). */
function validSchedule(services: Services, when: Date | string | null | undefined): Date | null {
  if (!when) return null;
  const date = new Date(when);
  if (Number.isNaN(date.getTime()) || !isScheduleValid(date, services.clock.now())) {
    throw badInput({ dataHoraAgendamento: 'communications.scheduleTooSoon' }, 'communications.scheduleTooSoon');
  }
  return date;
}

/** Submits to an approver (not oneself, holder of the approval key). */
export async function submitForApproval(services: Services, user: CurrentUser, id: string, aprovadorId: string) {
  const approverError = approverProblem(user.id, aprovadorId);
  if (approverError) throw badInput({ aprovadorId: approverError }, approverError);
  const notified = await services.db.transaction(async (tx) => {
    const c = await ownLocked(tx, user, id);
    const to = requireAction(user, c, 'ENVIAR_PARA_APROVACAO');
    const approvers = await holdersOfKey(tx, APPROVE_KEY, user.id);
    if (!approvers.some((a) => a.id === aprovadorId)) throw badInput({ aprovadorId: 'validation.invalid' });
    await requireAudience(tx, c);
    await setStatus(tx, c, to, sql`, aprovador_id = ${aprovadorId}, motivo_rejeicao = NULL`);
    await notifyUser(tx, aprovadorId, c.titulo, `<p>${user.nome}</p>`, `/comunicados/visualizar/${c.id}`);
    await recordAudit(tx, {
      actorId: user.id,
      entity: 'comunicado',
      entityId: c.id,
      action: 'enviar_para_aprovacao',
      before: { status: c.status },
      after: { status: to, aprovadorId },
    });
    return aprovadorId;
  });
  await announce(services.events, [notified]);
  return id;
}

/**
 * Approves (the chosen approver) or sends one's own (creator with the approval key): at once
 * (the fan-out job is queued) or at `dataHoraAgendamento`.
 */
export async function approveOrSend(
  services: Services,
  user: CurrentUser,
  id: string,
  mode: 'aprovar' | 'enviar',
  when?: Date | string | null,
) {
  const schedule = validSchedule(services, when);
  const notify = await services.db.transaction(async (tx) => {
    const c = await ownLocked(tx, user, id);
    const action: ComunicadoAction = schedule ? 'AGENDAR' : mode === 'aprovar' ? 'APROVAR' : 'ENVIAR';
    if (mode === 'aprovar' && c.status !== 'EM_APROVACAO')
      throw new AppError('CONFLICT', 'communicationsApi.invalidTransition');
    if (mode === 'enviar' && c.status === 'EM_APROVACAO') throw forbidden();
    const to = requireAction(user, c, action);
    await requireAudience(tx, c);
    const approver = mode === 'enviar' ? sql`, aprovador_id = ${user.id}` : sql``;
    await setStatus(tx, c, to, sql`, data_hora_agendamento = ${schedule}${approver}`);
    if (to === 'APROVADO') await queueSend(services, tx, c.id);
    await recordAudit(tx, {
      actorId: user.id,
      entity: 'comunicado',
      entityId: c.id,
      action: mode === 'aprovar' ? 'aprovar' : 'enviar',
      before: { status: c.status },
      after: { status: to, dataHoraAgendamento: schedule },
    });
    if (mode === 'aprovar') {
      await notifyUser(tx, c.criador_id, c.titulo, `<p>${user.nome}</p>`, `/comunicados/visualizar/${c.id}`);
      return [c.criador_id];
    }
    return [];
  });
  await announce(services.events, notify);
  return id;
}

/** The chosen approver rejects with a reason (required). */
export async function reject(services: Services, user: CurrentUser, id: string, motivoRejeicao: string) {
  const parsed = rejeicaoSchema.safeParse({ motivoRejeicao });
  if (!parsed.success) throw invalid(parsed.error.issues);
  const motivo = parsed.data.motivoRejeicao;
  const creator = await services.db.transaction(async (tx) => {
    const c = await ownLocked(tx, user, id);
    const to = requireAction(user, c, 'REJEITAR');
    await setStatus(tx, c, to, sql`, motivo_rejeicao = ${motivo}`);
    await notifyUser(tx, c.criador_id, c.titulo, `<p>${escapeText(motivo)}</p>`, `/comunicados/visualizar/${c.id}`);
    await recordAudit(tx, {
      actorId: user.id,
      entity: 'comunicado',
      entityId: c.id,
      action: 'rejeitar',
      before: { status: c.status },
      after: { status: to, motivoRejeicao: motivo },
    });
    return c.criador_id;
  });
  await announce(services.events, [creator]);
  return id;
}

const escapeText = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Archives or unarchives a sent communication (its creator or an approver). */
export async function setArchived(services: Services, user: CurrentUser, id: string, archived: boolean) {
  return services.db.transaction(async (tx) => {
    const c = await ownLocked(tx, user, id);
    const to = requireAction(user, c, archived ? 'ARQUIVAR' : 'DESARQUIVAR');
    await setStatus(tx, c, to);
    await recordAudit(tx, {
      actorId: user.id,
      entity: 'comunicado',
      entityId: c.id,
      action: archived ? 'arquivar' : 'desarquivar',
      before: { status: c.status },
      after: { status: to },
    });
    return id;
  });
}

/**
 * Creates the errata of a sent communication (SPEC §5: justification ≥ 15 characters): a draft
 * linked by id_parent whose audience is the original's recipients; it then follows the same flow.
 */
export async function createErrata(db: Db, user: CurrentUser, idOriginal: string, justificativa: string, input: Input) {
  const parsed = errataSchema.safeParse({
    ...input,
    justificativa,
    etiquetas: input.etiquetas ?? [],
    idsArquivos: input.idsArquivos ?? [],
    idsGruposUsuarios: [],
    idsGrupos: [],
    emailsAvulsos: [],
    idsUsuariosRemovidos: [],
  });
  if (!parsed.success) throw invalid(parsed.error.issues);
  if (parsed.data.justificativa.trim().length < JUSTIFICATION_MIN)
    throw badInput({ justificativa: 'communications.justificationTooShort' });
  const v = validContent({ ...input, idsGruposUsuarios: [], idsGrupos: [], emailsAvulsos: [] });
  return db.transaction(async (tx) => {
    const original = await ownLocked(tx, user, idOriginal);
    requireAction(user, original, 'CRIAR_ERRATA');
    const id = randomUUID();
    await tx.execute(sql`INSERT INTO comunicado (id, titulo, mensagem, status, criador_id, aprovador_id, etiquetas,
        departamento_id, id_parent, justificativa)
      VALUES (${id}, ${v.titulo}, ${v.mensagem}, 'RASCUNHO', ${user.id}, ${v.aprovadorId ?? null},
        ${textArray(v.etiquetas)}, ${v.departamentoId ?? original.departamento_id}, ${original.id},
        ${parsed.data.justificativa.trim()})`);
    await validDepartment(tx, v.departamentoId);
    await replaceAudience(tx, id, v, user.id);
    await recordAudit(tx, {
      actorId: user.id,
      entity: 'comunicado',
      entityId: id,
      action: 'criar',
      after: { titulo: v.titulo, idParent: original.id, justificativa: parsed.data.justificativa.trim() },
    });
    return id;
  });
}

// --- Recipient side ---

/** Marks the user's delivery read, with its date (first time only), and tells the dashboard. */
export async function markDeliveryRead(services: Services, user: CurrentUser, comunicadoId: string) {
  const envio = await findEnvio(services.db, user.id, comunicadoId);
  if (!envio) throw notFound();
  if (!envio.lido) {
    const changed =
      await services.db.execute(sql`UPDATE comunicado_envio SET lido = true, data_leitura = ${services.clock.now()}
      WHERE comunicado_id = ${envio.comunicado_id} AND usuario_id = ${envio.usuario_id} AND NOT lido
      RETURNING usuario_id`);
    if (changed.rows.length) await services.events.publish(READS_CHANNEL, { comunicadoId });
  }
  return envio.comunicado_id;
}

/** Sets favourite or archived on the user's delivery. */
export async function setDeliveryFlag(
  services: Services,
  user: CurrentUser,
  comunicadoId: string,
  flag: 'favorito' | 'arquivado',
  value: boolean,
) {
  const envio = await findEnvio(services.db, user.id, comunicadoId);
  if (!envio) throw notFound();
  const column = flag === 'favorito' ? sql`favorito` : sql`arquivado`;
  await services.db.execute(sql`UPDATE comunicado_envio SET ${column} = ${value}
    WHERE comunicado_id = ${envio.comunicado_id} AND usuario_id = ${envio.usuario_id}`);
  return envio.comunicado_id;
}

export { escapeText };
