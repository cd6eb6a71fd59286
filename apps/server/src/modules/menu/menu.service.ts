import { MENU_MAX_DEPTH, menuSchema } from '@portal/domain';
import { and, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import { type ActionContext, actorId, inTransaction, parseInput } from '../../platform/actions.js';
import type { Tx } from '../../platform/db.js';
import { badInput, forbidden, notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/sql.js';
import { recordAudit } from '../audit/audit.service.js';
import { loadPortalProperties, portalLabels } from '../portal/portal.queries.js';
import { featureOptions, productOptions } from '../products/products.queries.js';
import { isTitleOfKey, MENU_CACHE_KEY, MENU_CHANGED_CHANNEL, menuDepth, menuSubtree } from './menu.queries.js';
import { menu } from './menu.tables.js';

// Actions of the menus administration (decision 0013; rules in docs/domains/menu-and-shell.md#menus-administration). There is no delete: inactivating hides an
// entry and what sits under it from every header at once, keeps its history in the audit trail and
// can be undone; a delete would also take the children along (the table cascades).

/** Only TECSINAPSE administers menus (the guard says so too); the system (seed) may. */
function authorize(ctx: ActionContext) {
  if (ctx.actor && ctx.actor.tipo !== 'TECSINAPSE') throw forbidden();
}

/**
 * Tells every instance that the menu changed: this one drops its cached rows now, the others when
 * the live event reaches them (`watchMenuChanges`), so no header waits for the cache's TTL. Called
 * after the commit; a failed publish leaves the other instances on the TTL and is not the user's error.
 */
async function announceMenuChange(ctx: ActionContext) {
  ctx.cache.invalidate(MENU_CACHE_KEY);
  await ctx.events.publish(MENU_CHANGED_CHANNEL, {}).catch(() => {});
}

/** Subscribes this instance to menu changes made on any instance (the module's start-up). */
export function watchMenuChanges(services: Pick<ActionContext, 'events' | 'cache'>): () => void {
  return services.events.subscribe(MENU_CHANGED_CHANNEL, () => services.cache.invalidate(MENU_CACHE_KEY));
}

const lockEntry = async (tx: Tx, id: string) => {
  const [row] = await tx.select().from(menu).where(eq(menu.id, id)).for('update');
  return row;
};

/**
 * Checks where an entry may go: the parent exists, is not the entry or one of its descendants, and
 * the entry with what sits under it stays within the three levels of the menu (category, item,
 * sub-item). Problems are BAD_USER_INPUT on `parentId`.
 */
async function checkParent(tx: Tx, id: string | null, parentId: string | null) {
  const subtree = id ? await menuSubtree(tx, id) : [];
  const height = Math.max(1, ...subtree.map((s) => s.level));
  if (!parentId) return;
  const parentDepth = isUuid(parentId) ? await menuDepth(tx, parentId) : null;
  if (parentDepth === null) throw badInput({ parentId: 'menus.validation.parentInvalid' });
  if (subtree.some((s) => s.id === parentId)) throw badInput({ parentId: 'menus.validation.parentCycle' });
  if (parentDepth + height > MENU_MAX_DEPTH) throw badInput({ parentId: 'menus.validation.tooDeep' });
}

/** Product and feature keys must exist (the form offers only those). */
async function checkReferences(tx: Tx, data: { produtoId: string | null; chaves: string[] }) {
  if (data.produtoId) {
    const products = await productOptions(tx);
    if (!products.some((p) => p.id === data.produtoId)) throw badInput({ produtoId: 'validation.invalid' });
  }
  if (data.chaves.length) {
    const known = new Set((await featureOptions(tx)).map((f) => f.chave));
    if (data.chaves.some((k) => !known.has(k))) throw badInput({ chaves: 'validation.invalid' });
  }
}

/**
 * Makes room at `ordem` among the entry's siblings: when another sibling already has it, that one
 * and those after it move one down, so the saved entry takes the place asked for and the order
 * stays unambiguous. Answers the moved siblings for the audit row.
 */
async function makeRoom(tx: Tx, id: string | null, parentId: string | null, ordem: number) {
  const sameParent = parentId ? eq(menu.parentId, parentId) : isNull(menu.parentId);
  const others = id ? and(sameParent, ne(menu.id, id)) : sameParent;
  const [taken] = await tx
    .select({ id: menu.id })
    .from(menu)
    .where(and(others, eq(menu.ordem, ordem)))
    .limit(1);
  if (!taken) return [];
  return tx
    .update(menu)
    .set({ ordem: sql`${menu.ordem} + 1` })
    .where(and(others, gte(menu.ordem, ordem)))
    .returning({ id: menu.id, ordem: menu.ordem });
}

/**
 * Creates (no `id`) or edits a menu category or item (`salvarMenu`). The input is checked with the
 * domain schema the edit form uses; then parent, product and keys against the database. Renaming an
 * entry whose title came from an i18n key drops the key, so the header shows the new title in every
 * language. The change and its audit row commit together; then every instance's header follows.
 */
export async function salvarMenu(ctx: ActionContext, input: { id?: string | null; menu: unknown }): Promise<string> {
  const data = parseInput(menuSchema, input.menu, 'menu');
  authorize(ctx);
  const id = input.id ?? null;
  if (id !== null && !isUuid(id)) throw notFound();
  const savedId = await inTransaction(ctx, async (tx) => {
    const before = id ? await lockEntry(tx, id) : null;
    if (id && !before) throw notFound();
    await checkParent(tx, id, data.parentId);
    await checkReferences(tx, data);
    const props = before?.tituloChave ? await loadPortalProperties(tx) : null;
    const keepKey = Boolean(
      before && isTitleOfKey(data.titulo, before.tituloChave, (locale) => portalLabels(props, locale)),
    );
    const values = {
      parentId: data.parentId,
      titulo: keepKey && before ? before.titulo : data.titulo,
      tituloChave: keepKey && before ? before.tituloChave : null,
      uri: data.uri,
      produtoId: data.produtoId,
      ordem: data.ordem,
      externo: data.externo,
      chaves: data.chaves,
      tipos: data.tipos,
    };
    const moved = await makeRoom(tx, id, data.parentId, data.ordem);
    const [after] = before
      ? await tx.update(menu).set(values).where(eq(menu.id, before.id)).returning()
      : await tx.insert(menu).values(values).returning();
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'menu',
      entityId: after.id,
      action: before ? 'editar' : 'criar',
      before: before ?? undefined,
      after: moved.length ? { ...after, irmaosDeslocados: moved } : after,
    });
    return after.id;
  });
  await announceMenuChange(ctx);
  return savedId;
}

/**
 * Activates or inactivates an entry (`ativarMenu`/`inativarMenu`). An
 * inactive entry hides, with what sits under it, from every header menu; the administration still
 * lists it. Audited; unknown ids are NOT_FOUND.
 */
export async function alterarStatusMenu(ctx: ActionContext, input: { id: string; active: boolean }): Promise<string> {
  authorize(ctx);
  if (!isUuid(input.id)) throw notFound();
  await inTransaction(ctx, async (tx) => {
    const before = await lockEntry(tx, input.id);
    if (!before) throw notFound();
    if (before.active === input.active) return;
    await tx.update(menu).set({ active: input.active }).where(eq(menu.id, input.id));
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'menu',
      entityId: input.id,
      action: input.active ? 'ativar' : 'inativar',
      before: { active: before.active },
      after: { active: input.active },
    });
  });
  await announceMenuChange(ctx);
  return input.id;
}
