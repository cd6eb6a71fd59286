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
  IDIOMAS,
  type Idioma,
  isScheduleValid,
  JUSTIFICATION_MIN,
  LOCALE_BY_IDIOMA,
  nextStatus,
  rejeicaoSchema,
} from '@portal/domain';
import { type Locale, t } from '@portal/i18n';
import { sql } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
import { type ActionContext, inTransaction, parseInput } from '../../platform/actions.js';
import type { Tx } from '../../platform/db.js';
import { AppError, badInput, forbidden, notFound } from '../../platform/errors.js';
import type { CurrentUser } from '../../platform/graphql/context.js';
import { sanitizeHtml } from '../../platform/html.js';
import { textArray, UUID, uuidArray } from '../../platform/sql.js';
import { recordAudit } from '../audit/audit.service.js';
import { placeUpload, releaseUploads } from '../files/files.service.js';
import { activeDealerGroupIds } from '../groups/groups.queries.js';
import { announce, createNotification } from '../notifications/notifications.service.js';
import { activeUserGroupIds } from '../user-groups/user-groups.queries.js';
import { departmentsByIds, existingUserIds, holdersOfKey } from '../users/users.queries.js';
import { APPROVALS_CHANNEL, READS_CHANNEL } from './communications.channels.js';
import { saveConfirmationChoice } from './communications.confirmation.js';
import { countRead } from './communications.dashboard.js';
import { recordHistory, snapshotOf } from './communications.history.js';
import { type ComunicadoRow, findComunicado, findEnvio } from './communications.queries.js';

// Named actions of communications (docs/CODE_STYLE.md#how-code-is-written, decision 0013): check, one transaction with the change and its audit
// row, then announce. Who may do what is the domain's transition table (communications-rules.ts).

/** Queue of the fan-out job: writes one delivery per recipient, exactly once (docs/domains/communications.md#sending). */
export const SEND_QUEUE = 'comunicado.enviar';
/** Queue of the e-mails of a sent communication (batched, after the fan-out). */
export const EMAIL_QUEUE = 'comunicado.emails';

/** Tells the approver's open screens (any instance) to recount what waits for them; after commit. */
function announceApprovals(ctx: ActionContext, usuarioId: string) {
  return ctx.events.publish(APPROVALS_CHANNEL, { usuarioId });
}

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
  /** Issue 17 point 4: recipients confirm they read it (communications.confirmation.ts). */
  exigeConfirmacao?: boolean | null;
  idioma?: Idioma | null;
  traducoes?: { idioma: Idioma; titulo: string; mensagem: string }[] | null;
};

const actorOf = (user: CurrentUser): ComunicadoActor => ({ id: user.id, chaves: user.chaves });
const factsOf = (c: ComunicadoRow) => ({
  status: c.status as ComunicadoStatus,
  criadorId: c.criador_id,
  aprovadorId: c.aprovador_id,
});

/** The signed-in user acting (every action here is a user's; the guards let no one else through). */
function userOf(ctx: ActionContext): CurrentUser {
  if (!ctx.actor) throw forbidden();
  return ctx.actor;
}

/** The input, validated by the domain schema; the HTML message through the allow-list sanitiser. */
function validContent(input: Input) {
  const v = parseInput(
    comunicadoSchema,
    {
      ...input,
      etiquetas: input.etiquetas ?? [],
      idsGruposUsuarios: input.idsGruposUsuarios ?? [],
      idsGrupos: input.idsGrupos ?? [],
      emailsAvulsos: input.emailsAvulsos ?? [],
      idsUsuariosRemovidos: input.idsUsuariosRemovidos ?? [],
      idsArquivos: input.idsArquivos ?? [],
      dataInicioExibicao: input.dataInicioExibicao ? new Date(input.dataInicioExibicao) : null,
      dataFimExibicao: input.dataFimExibicao ? new Date(input.dataFimExibicao) : null,
    },
    'comunicado',
  );
  const mensagem = sanitizeHtml(v.mensagem);
  if (!mensagem.replace(/<[^>]*>/g, '').trim()) throw badInput({ mensagem: 'validation.required' });
  // Language versions (decision 0042): each message through the same sanitiser, and not empty once sanitised.
  const traducoes = v.traducoes.map((t) => ({
    idioma: t.idioma,
    titulo: t.titulo,
    mensagem: sanitizeHtml(t.mensagem),
  }));
  if (traducoes.some((t) => !t.mensagem.replace(/<[^>]*>/g, '').trim()))
    throw badInput({ traducoes: 'communications.messageRequired' });
  return { ...v, mensagem, traducoes };
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

/** Which of `ids` were all found, else BAD_USER_INPUT on `field` (an unknown or inactive id). */
function requireAll(found: string[], ids: string[], field: string) {
  if (found.length !== new Set(ids).size) throw badInput({ [field]: 'validation.invalid' });
}

async function replaceAudience(txCtx: ActionContext, tx: Tx, id: string, v: Content) {
  await tx.execute(sql`DELETE FROM comunicado_grupo_usuarios WHERE comunicado_id = ${id}`);
  await tx.execute(sql`DELETE FROM comunicado_grupo WHERE comunicado_id = ${id}`);
  await tx.execute(sql`DELETE FROM comunicado_usuario_removido WHERE comunicado_id = ${id}`);
  await replaceAttachments(txCtx, tx, id, v.idsArquivos);
  // Only active user groups and dealer groups (their modules say which); removed users that exist.
  const groups = await activeUserGroupIds(
    tx,
    v.idsGruposUsuarios.filter((g) => UUID.test(g)),
  );
  requireAll(groups, v.idsGruposUsuarios, 'idsGruposUsuarios');
  const dealerGroups = await activeDealerGroupIds(tx, v.idsGrupos);
  requireAll(dealerGroups, v.idsGrupos, 'idsGrupos');
  for (const g of groups) await tx.execute(sql`INSERT INTO comunicado_grupo_usuarios VALUES (${id}, ${g})`);
  for (const g of dealerGroups) await tx.execute(sql`INSERT INTO comunicado_grupo VALUES (${id}, ${g})`);
  for (const userId of await existingUserIds(tx, [...new Set(v.idsUsuariosRemovidos)])) {
    await tx.execute(sql`INSERT INTO comunicado_usuario_removido VALUES (${id}, ${userId}) ON CONFLICT DO NOTHING`);
  }
}

/**
 * The attachments of communication `id` become `ids` (issue 10, 5): each one already attached here
 * (or, for an errata, to its original, whose recipients it reaches), or an upload of the actor's not
 * placed anywhere yet (the files module's placeUpload). Any other id, someone else's upload or one
 * attached elsewhere, is refused exactly like a missing one. An attachment taken off that nothing
 * else holds goes back to unplaced (the files module's releaseUploads), for the retention sweep.
 */
async function replaceAttachments(txCtx: ActionContext, tx: Tx, id: string, ids: string[]) {
  const held = (
    await tx.execute(sql`SELECT arquivo_id FROM comunicado_arquivo WHERE comunicado_id = ${id}
        OR comunicado_id = (SELECT id_parent FROM comunicado WHERE id = ${id})`)
  ).rows as { arquivo_id: string }[];
  const kept = new Set(held.map((r) => r.arquivo_id));
  const wanted = [...new Set(ids)];
  await tx.execute(sql`DELETE FROM comunicado_arquivo WHERE comunicado_id = ${id}`);
  for (const [ordem, arquivoId] of wanted.entries()) {
    const ok = kept.has(arquivoId) || (await placeUpload(txCtx, { arquivoId, fileType: 'COMUNICADO' }));
    if (!ok) throw badInput({ idsArquivos: 'validation.invalid' });
    await tx.execute(sql`INSERT INTO comunicado_arquivo VALUES (${id}, ${arquivoId}, ${ordem})`);
  }
  const dropped = [...kept].filter((a) => !wanted.includes(a));
  if (dropped.length) {
    const stillHeld = (
      await tx.execute(
        sql`SELECT DISTINCT arquivo_id FROM comunicado_arquivo WHERE arquivo_id = ANY(${uuidArray(dropped)})`,
      )
    ).rows as { arquivo_id: string }[];
    const held = new Set(stillHeld.map((r) => r.arquivo_id));
    await releaseUploads(txCtx, { arquivoIds: dropped.filter((a) => !held.has(a)) });
  }
}

type Content = ReturnType<typeof validContent>;

/** What salvarComunicado receives: no id creates, an id edits. */
export type SaveComunicadoInput = { id?: string | null; comunicado: Input };

/**
 * Creates (no id) or edits a draft or rejected communication (docs/domains/communications.md#the-form: title and message required).
 * Creating needs the create or the approval key (guard); editing, being its creator. Returns the id.
 */
export async function saveComunicado(ctx: ActionContext, input: SaveComunicadoInput): Promise<string> {
  const user = userOf(ctx);
  const v = validContent(input.comunicado);
  return inTransaction(ctx, async (tx, txCtx) => {
    let comunicadoId = input.id ?? null;
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
      const idioma = v.idioma ?? before.idioma ?? user.idioma;
      if (v.traducoes.some((tr) => tr.idioma === idioma))
        throw badInput({ traducoes: 'communicationsHistory.translationOfOriginal' });
      await tx.execute(sql`UPDATE comunicado SET titulo = ${v.titulo}, mensagem = ${v.mensagem},
        idioma = ${idioma}, traducoes = ${JSON.stringify(v.traducoes)}::jsonb,
        etiquetas = ${textArray(v.etiquetas)}, departamento_id = ${v.departamentoId ?? null},
        data_inicio_exibicao = ${v.dataInicioExibicao ?? null}, data_fim_exibicao = ${v.dataFimExibicao ?? null},
        emails_avulsos = ${textArray(v.emailsAvulsos)}, aprovador_id = ${v.aprovadorId ?? before.aprovador_id},
        atualizado_em = now() WHERE id = ${comunicadoId}`);
    } else {
      comunicadoId = randomUUID();
      const idioma = v.idioma ?? user.idioma;
      if (v.traducoes.some((tr) => tr.idioma === idioma))
        throw badInput({ traducoes: 'communicationsHistory.translationOfOriginal' });
      await tx.execute(sql`INSERT INTO comunicado (id, titulo, mensagem, status, criador_id, aprovador_id, etiquetas,
          departamento_id, data_inicio_exibicao, data_fim_exibicao, emails_avulsos, idioma, traducoes)
        VALUES (${comunicadoId}, ${v.titulo}, ${v.mensagem}, 'RASCUNHO', ${user.id}, ${v.aprovadorId ?? null},
          ${textArray(v.etiquetas)}, ${v.departamentoId ?? null}, ${v.dataInicioExibicao ?? null},
          ${v.dataFimExibicao ?? null}, ${textArray(v.emailsAvulsos)}, ${idioma},
          ${JSON.stringify(v.traducoes)}::jsonb)`);
    }
    await validDepartment(tx, v.departamentoId);
    await replaceAudience(txCtx, tx, comunicadoId, v);
    await saveConfirmationChoice(tx, comunicadoId, input.comunicado.exigeConfirmacao);
    await recordAudit(tx, {
      actorId: user.id,
      entity: 'comunicado',
      entityId: comunicadoId,
      action: before ? 'editar' : 'criar',
      before: before ? { titulo: before.titulo, status: before.status } : null,
      after: { titulo: v.titulo, status: before?.status ?? 'RASCUNHO' },
    });
    await recordHistory(tx, {
      comunicadoId,
      evento: before ? 'EDICAO' : 'CRIACAO',
      atorId: user.id,
      data: ctx.clock.now(),
    });
    return comunicadoId;
  });
}

/** A sender department, when given, must exist (the users module owns departments). */
async function validDepartment(tx: Tx, id: string | null | undefined) {
  if (!id) return;
  if (!(await departmentsByIds(tx, [id])).length) throw badInput({ departamentoId: 'validation.invalid' });
}

/** The audience must reach someone (docs/domains/communications.md#audience): a user group, a dealer group or a manual e-mail. */
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
async function queueSend(ctx: ActionContext, tx: Tx, comunicadoId: string) {
  await ctx.jobs.send(
    SEND_QUEUE,
    { comunicadoId },
    { singletonKey: comunicadoId, retryLimit: 5, retryDelay: 2, db: fromDrizzle(tx, sql) },
  );
}

/**
 * Tells one user, in the bell, about a step of a communication of theirs (the notifications module's action), in
 * every language (issue 17 point 9): `content` writes the title and HTML text in one locale, the user reads theirs.
 */
async function notifyUser(
  txCtx: ActionContext,
  usuarioId: string,
  content: (locale: Locale) => { titulo: string; texto: string },
  link: string,
) {
  const traducoes = IDIOMAS.map((idioma) => ({ idioma, ...content(LOCALE_BY_IDIOMA[idioma]) }));
  const fallback = content('pt-BR');
  await createNotification(txCtx, { ...fallback, traducoes, link, usuarioIds: [usuarioId] });
}

/** A schedule, when given: at least one hour ahead of the server's clock (docs/domains/communications.md#scheduling). */
function validSchedule(ctx: ActionContext, when: Date | string | null | undefined): Date | null {
  if (!when) return null;
  const date = new Date(when);
  if (Number.isNaN(date.getTime()) || !isScheduleValid(date, ctx.clock.now())) {
    throw badInput({ dataHoraAgendamento: 'communications.scheduleTooSoon' }, 'communications.scheduleTooSoon');
  }
  return date;
}

/** Submits to an approver (not oneself, holder of the approval key). */
export async function submitForApproval(ctx: ActionContext, input: { id: string; aprovadorId: string }) {
  const user = userOf(ctx);
  const { id, aprovadorId } = input;
  const approverError = approverProblem(user.id, aprovadorId);
  if (approverError) throw badInput({ aprovadorId: approverError }, approverError);
  const notified = await inTransaction(ctx, async (tx, txCtx) => {
    const c = await ownLocked(tx, user, id);
    const to = requireAction(user, c, 'ENVIAR_PARA_APROVACAO');
    const approvers = await holdersOfKey(tx, APPROVE_KEY, user.id);
    if (!approvers.some((a) => a.id === aprovadorId)) throw badInput({ aprovadorId: 'validation.invalid' });
    await requireAudience(tx, c);
    await setStatus(tx, c, to, sql`, aprovador_id = ${aprovadorId}, motivo_rejeicao = NULL`);
    await notifyUser(
      txCtx,
      aprovadorId,
      (locale) => ({
        titulo: t(locale, 'communicationsHistory.notification.submittedTitle', { titulo: c.titulo }),
        texto: `<p>${escapeText(t(locale, 'communicationsHistory.notification.submittedBy', { nome: user.nome }))}</p>`,
      }),
      `/comunicados/visualizar/${c.id}`,
    );
    // The rejected reason stays in the history; the submission keeps what was submitted (decision 0041).
    await recordHistory(tx, {
      comunicadoId: c.id,
      evento: 'SUBMISSAO',
      atorId: user.id,
      data: ctx.clock.now(),
      conteudo: await snapshotOf(tx, c),
      detalhes: { aprovadorId },
    });
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
  await announce(ctx.events, [notified]);
  await announceApprovals(ctx, notified);
  return id;
}

/** What aprovarComunicado and enviarComunicado receive. */
export type ApproveOrSendInput = {
  id: string;
  mode: 'aprovar' | 'enviar';
  dataHoraAgendamento?: Date | string | null;
};

/**
 * Approves (the chosen approver) or sends one's own (creator with the approval key): at once
 * (the fan-out job is queued) or at `dataHoraAgendamento`.
 */
export async function approveOrSend(ctx: ActionContext, input: ApproveOrSendInput) {
  const user = userOf(ctx);
  const { id, mode } = input;
  const schedule = validSchedule(ctx, input.dataHoraAgendamento);
  const notify = await inTransaction(ctx, async (tx, txCtx) => {
    const c = await ownLocked(tx, user, id);
    const action: ComunicadoAction = schedule ? 'AGENDAR' : mode === 'aprovar' ? 'APROVAR' : 'ENVIAR';
    if (mode === 'aprovar' && c.status !== 'EM_APROVACAO')
      throw new AppError('CONFLICT', 'communicationsApi.invalidTransition');
    if (mode === 'enviar' && c.status === 'EM_APROVACAO') throw forbidden();
    const to = requireAction(user, c, action);
    await requireAudience(tx, c);
    const approver = mode === 'enviar' ? sql`, aprovador_id = ${user.id}` : sql``;
    await setStatus(tx, c, to, sql`, data_hora_agendamento = ${schedule}${approver}`);
    if (to === 'APROVADO') await queueSend(ctx, tx, c.id);
    await recordAudit(tx, {
      actorId: user.id,
      entity: 'comunicado',
      entityId: c.id,
      action: mode === 'aprovar' ? 'aprovar' : 'enviar',
      before: { status: c.status },
      after: { status: to, dataHoraAgendamento: schedule },
    });
    await recordHistory(tx, {
      comunicadoId: c.id,
      evento: schedule ? 'AGENDAMENTO' : mode === 'aprovar' ? 'APROVACAO' : 'ENVIO_DIRETO',
      atorId: user.id,
      data: ctx.clock.now(),
      conteudo: mode === 'enviar' ? await snapshotOf(tx, c) : null,
      detalhes: schedule ? { dataHoraAgendamento: schedule.toISOString(), aprovado: mode === 'aprovar' } : null,
    });
    if (mode === 'aprovar') {
      await notifyUser(
        txCtx,
        c.criador_id,
        (locale) => ({
          titulo: t(locale, 'communicationsHistory.notification.approvedTitle', { titulo: c.titulo }),
          texto: `<p>${escapeText(t(locale, 'communicationsHistory.notification.approvedBy', { nome: user.nome }))}</p>`,
        }),
        `/comunicados/visualizar/${c.id}`,
      );
      return [c.criador_id];
    }
    return [];
  });
  await announce(ctx.events, notify);
  if (input.mode === 'aprovar') await announceApprovals(ctx, user.id);
  return id;
}

/** The chosen approver rejects with a reason (required). */
export async function reject(ctx: ActionContext, input: { id: string; motivoRejeicao: string }) {
  const user = userOf(ctx);
  const { id } = input;
  const motivo = parseInput(rejeicaoSchema, { motivoRejeicao: input.motivoRejeicao }).motivoRejeicao;
  const creator = await inTransaction(ctx, async (tx, txCtx) => {
    const c = await ownLocked(tx, user, id);
    const to = requireAction(user, c, 'REJEITAR');
    await setStatus(tx, c, to, sql`, motivo_rejeicao = ${motivo}`);
    // The notification says what happened and why, in each language (the creator reads theirs).
    await notifyUser(
      txCtx,
      c.criador_id,
      (locale) => ({
        titulo: t(locale, 'communicationsApi.rejectedTitle', { titulo: c.titulo }),
        texto:
          `<p>${escapeText(t(locale, 'communicationsApi.rejectedBy', { nome: user.nome }))}</p>` +
          `<p><strong>${escapeText(t(locale, 'communicationsApi.rejectedReason'))}:</strong> ${escapeText(motivo)}</p>`,
      }),
      `/comunicados/visualizar/${c.id}`,
    );
    // What was rejected, kept with its reason: the base of the approver's difference after resubmission.
    await recordHistory(tx, {
      comunicadoId: c.id,
      evento: 'REJEICAO',
      atorId: user.id,
      data: ctx.clock.now(),
      motivo,
      conteudo: await snapshotOf(tx, c),
    });
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
  await announce(ctx.events, [creator]);
  await announceApprovals(ctx, user.id);
  return id;
}

const escapeText = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Archives or unarchives a sent communication (its creator or an approver). */
export async function setArchived(ctx: ActionContext, input: { id: string; archived: boolean }) {
  const user = userOf(ctx);
  const { id, archived } = input;
  return inTransaction(ctx, async (tx) => {
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
    await recordHistory(tx, {
      comunicadoId: c.id,
      evento: archived ? 'ARQUIVAMENTO' : 'DESARQUIVAMENTO',
      atorId: user.id,
      data: ctx.clock.now(),
    });
    return id;
  });
}

/** What criarErrata receives. */
export type ErrataActionInput = { idOriginal: string; justificativa: string; comunicado: Input };

/**
 * Creates the errata of a sent communication (docs/domains/communications.md#errata: justification ≥ 15 characters): a draft
 * linked by id_parent whose audience is the original's recipients; it then follows the same flow.
 */
export async function createErrata(ctx: ActionContext, input: ErrataActionInput) {
  const user = userOf(ctx);
  const { idOriginal, comunicado } = input;
  const errata = parseInput(
    errataSchema,
    {
      ...comunicado,
      justificativa: input.justificativa,
      etiquetas: comunicado.etiquetas ?? [],
      idsArquivos: comunicado.idsArquivos ?? [],
      idsGruposUsuarios: [],
      idsGrupos: [],
      emailsAvulsos: [],
      idsUsuariosRemovidos: [],
    },
    'comunicado',
  );
  const justificativa = errata.justificativa.trim();
  if (justificativa.length < JUSTIFICATION_MIN)
    throw badInput({ justificativa: 'communications.justificationTooShort' });
  const v = validContent({ ...comunicado, idsGruposUsuarios: [], idsGrupos: [], emailsAvulsos: [] });
  return inTransaction(ctx, async (tx, txCtx) => {
    const original = await ownLocked(tx, user, idOriginal);
    requireAction(user, original, 'CRIAR_ERRATA');
    const id = randomUUID();
    // The errata's versions (decision 0042): its language defaults to the original's.
    const idioma = v.idioma ?? original.idioma ?? user.idioma;
    if (v.traducoes.some((tr) => tr.idioma === idioma))
      throw badInput({ traducoes: 'communicationsHistory.translationOfOriginal' });
    await tx.execute(sql`INSERT INTO comunicado (id, titulo, mensagem, status, criador_id, aprovador_id, etiquetas,
        departamento_id, id_parent, justificativa, idioma, traducoes)
      VALUES (${id}, ${v.titulo}, ${v.mensagem}, 'RASCUNHO', ${user.id}, ${v.aprovadorId ?? null},
        ${textArray(v.etiquetas)}, ${v.departamentoId ?? original.departamento_id}, ${original.id},
        ${justificativa}, ${idioma}, ${JSON.stringify(v.traducoes)}::jsonb)`);
    await validDepartment(tx, v.departamentoId);
    await replaceAudience(txCtx, tx, id, v);
    await saveConfirmationChoice(tx, id, comunicado.exigeConfirmacao);
    await recordAudit(tx, {
      actorId: user.id,
      entity: 'comunicado',
      entityId: id,
      action: 'criar',
      after: { titulo: v.titulo, idParent: original.id, justificativa },
    });
    const now = ctx.clock.now();
    await recordHistory(tx, { comunicadoId: id, evento: 'CRIACAO', atorId: user.id, data: now });
    await recordHistory(tx, {
      comunicadoId: original.id,
      evento: 'ERRATA',
      atorId: user.id,
      data: now,
      motivo: justificativa,
      detalhes: { idErrata: id },
    });
    return id;
  });
}

// --- Recipient side ---
// A delivery's audit rows: entity `comunicado_envio`, id the communication's, actor its recipient
// (a delivery is the pair).

/** Marks the user's delivery read, with its date (first time only), audited, and tells the dashboard. */
export async function markDeliveryRead(ctx: ActionContext, input: { comunicadoId: string }) {
  const user = userOf(ctx);
  const changed = await inTransaction(ctx, async (tx) => {
    const envio = await findEnvio(tx, user.id, input.comunicadoId, true);
    if (!envio) throw notFound();
    if (envio.lido) return false;
    const dataLeitura = ctx.clock.now();
    await tx.execute(sql`UPDATE comunicado_envio SET lido = true, data_leitura = ${dataLeitura}
      WHERE comunicado_id = ${envio.comunicado_id} AND usuario_id = ${envio.usuario_id}`);
    await countRead(tx, {
      comunicadoId: envio.comunicado_id,
      usuarioId: envio.usuario_id,
      lido: true,
      dataLeitura,
      confirmado: false,
    });
    await recordAudit(tx, {
      actorId: user.id,
      entity: 'comunicado_envio',
      entityId: envio.comunicado_id,
      action: 'editar',
      before: { lido: false, dataLeitura: envio.data_leitura },
      after: { lido: true, dataLeitura },
    });
    return true;
  });
  if (changed) await ctx.events.publish(READS_CHANNEL, { comunicadoId: input.comunicadoId });
  return input.comunicadoId;
}

/** What favoritarEnvio and arquivarEnvio receive. */
export type DeliveryFlagInput = { comunicadoId: string; flag: 'favorito' | 'arquivado'; value: boolean };

/** Sets favourite or archived on the user's delivery, audited when it changes. */
export async function setDeliveryFlag(ctx: ActionContext, input: DeliveryFlagInput) {
  const user = userOf(ctx);
  const { flag, value } = input;
  return inTransaction(ctx, async (tx) => {
    const envio = await findEnvio(tx, user.id, input.comunicadoId, true);
    if (!envio) throw notFound();
    if (envio[flag] === value) return envio.comunicado_id;
    const column = flag === 'favorito' ? sql`favorito` : sql`arquivado`;
    await tx.execute(sql`UPDATE comunicado_envio SET ${column} = ${value}
      WHERE comunicado_id = ${envio.comunicado_id} AND usuario_id = ${envio.usuario_id}`);
    await recordAudit(tx, {
      actorId: user.id,
      entity: 'comunicado_envio',
      entityId: envio.comunicado_id,
      action: 'editar',
      before: { [flag]: envio[flag] },
      after: { [flag]: value },
    });
    return envio.comunicado_id;
  });
}

export { escapeText };
