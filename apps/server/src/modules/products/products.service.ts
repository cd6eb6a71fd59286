import { editarProdutoSchema, isProductBaseUri, normaliseBaseUri } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { type ActionContext, actorId, inTransaction, parseInput, requireAllowed } from '../../platform/actions.js';
import { badInput, notFound } from '../../platform/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { PRODUCTS_CACHE_KEY, PRODUCTS_CHANGED_CHANNEL } from './products.queries.js';
import { produto } from './products.tables.js';

/** The superAdmin screen's actions are TECSINAPSE's only (SPEC §2); the system (seed) may. */
const SUPER_ADMIN = { types: ['TECSINAPSE'] } as const;

/**
 * Tells every instance that a product changed: this one drops its cached products now, the others
 * when the live event reaches them (`watchProductChanges`), so the menu's product links follow at
 * once. Called after the commit; a failed publish leaves the others on the cache's TTL.
 */
async function announceProductChange(ctx: ActionContext) {
  ctx.cache.invalidate(PRODUCTS_CACHE_KEY);
  await ctx.events.publish(PRODUCTS_CHANGED_CHANNEL, {}).catch(() => {});
}

/** Subscribes this instance to product changes made on any instance (the module's start-up). */
export function watchProductChanges(services: Pick<ActionContext, 'events' | 'cache'>): () => void {
  return services.events.subscribe(PRODUCTS_CHANGED_CHANNEL, () => services.cache.invalidate(PRODUCTS_CACHE_KEY));
}

/**
 * `editarProduto(id, baseUriHomolog)` (superAdmin, product tab): sets a product's base address, the
 * base of the menu's links to that product's paths (docs/domains/superadmin.md#product). An absolute
 * `https` URL, or a `localhost` one outside production; else BAD_USER_INPUT on `baseUriHomolog`.
 * TECSINAPSE only; unknown ids NOT_FOUND; audited when it changes. Returns the product row.
 */
export async function editarProduto(ctx: ActionContext, input: { id: string; baseUriHomolog: string }) {
  const data = parseInput(editarProdutoSchema, input);
  requireAllowed(ctx, SUPER_ADMIN);
  const base = normaliseBaseUri(data.baseUriHomolog);
  if (!isProductBaseUri(base, ctx.config.env !== 'production')) {
    throw badInput({ baseUriHomolog: 'superAdmin.product.invalidUri' }, 'superAdmin.product.invalidUri');
  }
  const row = await inTransaction(ctx, async (tx) => {
    const [before] = await tx.select().from(produto).where(eq(produto.id, data.id)).for('update');
    if (!before) throw notFound();
    if (before.baseUriHomolog === base) return before;
    const [after] = await tx.update(produto).set({ baseUriHomolog: base }).where(eq(produto.id, data.id)).returning();
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'produto',
      entityId: data.id,
      action: 'editar',
      before: { baseUriHomolog: before.baseUriHomolog },
      after: { baseUriHomolog: base },
    });
    return after;
  });
  await announceProductChange(ctx);
  return row;
}
