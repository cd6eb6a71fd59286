import { type AnuncioData, anuncioSchema, businessDay, type SlideData, slideSchema } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { type ActionContext, actorId, inTransaction, parseInput, requireAllowed } from '../../platform/actions.js';
import type { Tx } from '../../platform/db.js';
import { badInput, notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/sql.js';
import { recordAudit } from '../audit/audit.service.js';
import { placeUpload } from '../files/files.service.js';
import { existingUserGroupIds } from '../user-groups/user-groups.queries.js';
import { HOME_CONTENT_CACHE_KEY, HOME_CONTENT_CHANGED_CHANNEL, type Kind } from './home-content.queries.js';
import { conteudoHome, conteudoHomeGrupo } from './home-content.tables.js';

// Actions of the slides and ads administration (decision 0013; docs/domains/home.md). No delete:
// deactivating takes an item off /home at once and keeps it, with its history in the audit trail.

/** The feature key that manages each kind (SPEC §6). */
export const HOME_CONTENT_KEYS = {
  SLIDE: 'PORTAL_MANUTENCAO_SLIDES',
  ANUNCIO: 'PORTAL_MANUTENCAO_ANUNCIOS',
} as const;
const ENTITY = { SLIDE: 'slide', ANUNCIO: 'anuncio' } as const;

const authorize = (ctx: ActionContext, kind: Kind) => requireAllowed(ctx, { keys: [HOME_CONTENT_KEYS[kind]] });

async function lockItem(tx: Tx, kind: Kind, id: string) {
  const [row] = await tx.select().from(conteudoHome).where(eq(conteudoHome.id, id)).for('update');
  return row && row.tipo === kind ? row : null;
}

async function groupsOf(tx: Tx, id: string): Promise<string[]> {
  const list = await tx
    .select({ id: conteudoHomeGrupo.grupoUsuariosId })
    .from(conteudoHomeGrupo)
    .where(eq(conteudoHomeGrupo.conteudoId, id));
  return list.map((g) => g.id).sort();
}

/**
 * Takes the image in: the item's current one stays; a new one must be an image the actor uploaded
 * for this kind and not placed yet (the files module's `placeUpload`), else BAD_USER_INPUT on
 * `arquivoId`, the same answer for a missing id and someone else's upload.
 */
async function takeImage(txCtx: ActionContext, kind: Kind, arquivoId: string, current: string | null) {
  if (arquivoId === current) return arquivoId;
  const placed = await placeUpload(txCtx, { arquivoId, fileType: kind });
  if (!placed?.imagem) throw badInput({ arquivoId: 'validation.invalid' });
  return placed.id;
}

/**
 * Creates (no `id`) or edits a slide or ad (`salvarSlide`, `salvarAnuncio`). The input is checked
 * with the domain schema the form uses, for today's business day; an edit may keep a start already
 * past. Groups must exist; the image goes through the files pipeline. Change and audit row commit
 * together. Answers the id.
 */
export async function salvarConteudoHome(
  ctx: ActionContext,
  kind: Kind,
  input: { id?: string | null; data: unknown },
): Promise<string> {
  authorize(ctx, kind);
  const id = input.id ?? null;
  if (id !== null && !isUuid(id)) throw notFound();
  const today = businessDay(ctx.clock.now());
  const saved = await inTransaction(ctx, async (tx, txCtx) => {
    const before = id ? await lockItem(tx, kind, id) : null;
    if (id && !before) throw notFound();
    const kept = before?.inicioDate;
    const data: SlideData | AnuncioData =
      kind === 'SLIDE'
        ? parseInput(slideSchema(today, kept), input.data, 'slide')
        : parseInput(anuncioSchema(today, kept), input.data, 'anuncio');
    const slide = kind === 'SLIDE' ? (data as SlideData) : null;
    const grupos = [...new Set(data.grupos)].sort();
    const known = await existingUserGroupIds(tx, grupos.filter(isUuid));
    if (known.length !== grupos.length) throw badInput({ grupos: 'validation.invalid' });
    const arquivoId = await takeImage(txCtx, kind, data.arquivoId, before?.arquivoId ?? null);
    const values = {
      tipo: kind,
      titulo: data.titulo,
      corTitulo: slide?.corTitulo ?? null,
      tamanhoTitulo: slide?.tamanhoTitulo ?? null,
      subtitulo: slide?.subtitulo ?? null,
      corSubtitulo: slide?.corSubtitulo ?? null,
      tamanhoSubtitulo: slide?.tamanhoSubtitulo ?? null,
      tituloBotao: slide?.tituloBotao ?? null,
      link: data.link,
      linkTarget: data.linkTarget,
      inicioDate: data.inicioDate,
      fimDate: data.fimDate,
      arquivoId,
    };
    const beforeGroups = before ? await groupsOf(tx, before.id) : [];
    const [after] = before
      ? await tx.update(conteudoHome).set(values).where(eq(conteudoHome.id, before.id)).returning()
      : await tx.insert(conteudoHome).values(values).returning();
    await tx.delete(conteudoHomeGrupo).where(eq(conteudoHomeGrupo.conteudoId, after.id));
    await tx.insert(conteudoHomeGrupo).values(grupos.map((g) => ({ conteudoId: after.id, grupoUsuariosId: g })));
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: ENTITY[kind],
      entityId: after.id,
      action: before ? 'editar' : 'criar',
      before: before ? { ...before, grupos: beforeGroups } : undefined,
      after: { ...after, grupos },
    });
    return after.id;
  });
  await announceHomeContentChange(ctx);
  return saved;
}

/**
 * Activates or deactivates a slide or ad (`ativarSlide`, `inativarSlide`, `ativarAnuncio`,
 * `inativarAnuncio`): an inactive one leaves /home at the next load. Audited when it changes;
 * unknown ids are NOT_FOUND.
 */
export async function alterarStatusConteudoHome(
  ctx: ActionContext,
  kind: Kind,
  input: { id: string; active: boolean },
): Promise<string> {
  authorize(ctx, kind);
  if (!isUuid(input.id)) throw notFound();
  await inTransaction(ctx, async (tx) => {
    const before = await lockItem(tx, kind, input.id);
    if (!before) throw notFound();
    if (before.active === input.active) return;
    await tx.update(conteudoHome).set({ active: input.active }).where(eq(conteudoHome.id, input.id));
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: ENTITY[kind],
      entityId: input.id,
      action: input.active ? 'ativar' : 'inativar',
      before: { active: before.active },
      after: { active: input.active },
    });
  });
  await announceHomeContentChange(ctx);
  return input.id;
}

/**
 * Tells every instance that slides or ads changed: this one drops its cached /home content now, the
 * others when the live event reaches them (`watchHomeContentChanges`), so /home does not wait for the
 * cache's TTL. Called after the commit; a failed publish leaves the other instances on the TTL.
 */
async function announceHomeContentChange(ctx: ActionContext) {
  ctx.cache.invalidate(HOME_CONTENT_CACHE_KEY);
  await ctx.events.publish(HOME_CONTENT_CHANGED_CHANNEL, {}).catch(() => {});
}

/** Subscribes this instance to slide and ad changes made on any instance (the module's start-up). */
export function watchHomeContentChanges(services: Pick<ActionContext, 'events' | 'cache'>): () => void {
  return services.events.subscribe(HOME_CONTENT_CHANGED_CHANNEL, () =>
    services.cache.invalidate(HOME_CONTENT_CACHE_KEY),
  );
}
