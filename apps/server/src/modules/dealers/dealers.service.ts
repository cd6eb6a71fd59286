import {
  type BrandInput,
  brandSchema,
  type DealerInput,
  type DealerUpdateInput,
  dealerSchema,
  dealerUpdateSchema,
} from '@portal/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { type ActionContext, actorId, inTransaction, parseInput, requireAllowed } from '../../platform/actions.js';
import type { Tx } from '../../platform/db.js';
import { badInput, notFound } from '../../platform/errors.js';
import { isUuid, textArray } from '../../platform/sql.js';
import { recordAudit, recordAuditForEach, recordAudits } from '../audit/audit.service.js';
import { activeDealerGroupIds, dealerGroupStatusSql, existingDealerGroupIds } from '../groups/groups.queries.js';
import { complementaryDataOptions, existingProductIds } from '../products/products.queries.js';
import { lockSynchronisation, type SyncChange } from '../users/users.sync.js';
import { activeBrandIds, BRANDS_CACHE_KEY, brandInactivationImpact } from './dealers.queries.js';
import { dealer, dealerDadoComplementar, dealerMarca, dealerProduto, marca } from './dealers.tables.js';

const MAINTAIN = { keys: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] } as const;

type DealerData = ReturnType<typeof dealerSchema.parse>;

/**
 * The problems of a dealer's keys and links, as field → i18n key (empty when none): any of its CNPJs
 * or codes that another dealer holds, in either role (main or additional); a dealer group, brand,
 * product or complementary datum that does not exist; a brand that is inactive; an inactive dealer group for an active dealer;
 * a complementary datum of a product the dealer does not use. The one check of `createDealer` and
 * `salvarDealer`; `exceptId` is the dealer being edited (its own values are not taken).
 */
async function dealerProblems(tx: Tx, data: DealerData, exceptId: string | null): Promise<Record<string, string>> {
  // Two saves at once could each find a value free: the check and the write are serialised.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('portal.dealer.keys'))`);
  const cnpjs = [data.cnpj, ...data.cnpjsAdicionais];
  const codes = [data.codigoPrincipal, ...data.codigosAdicionais];
  const others = await tx
    .select({
      cnpjs: sql<string[]>`${dealer.cnpj} || ${dealer.cnpjsAdicionais}`,
      codes: sql<string[]>`${dealer.codigoPrincipal} || ${dealer.codigosAdicionais}`,
    })
    .from(dealer)
    .where(
      and(
        exceptId ? ne(dealer.id, exceptId) : undefined,
        sql`(${dealer.cnpj} = ANY(${textArray(cnpjs)}) OR ${dealer.cnpjsAdicionais} && ${textArray(cnpjs)}
          OR ${dealer.codigoPrincipal} = ANY(${textArray(codes)}) OR ${dealer.codigosAdicionais} && ${textArray(codes)})`,
      ),
    );
  const takenCnpjs = new Set(others.flatMap((o) => o.cnpjs));
  const takenCodes = new Set(others.flatMap((o) => o.codes));
  const fields: Record<string, string> = {};
  if (takenCnpjs.has(data.cnpj)) fields.cnpj = 'organisation.cnpjTaken';
  data.cnpjsAdicionais.forEach((c, i) => {
    if (takenCnpjs.has(c)) fields[`cnpjsAdicionais.${i}`] = 'organisation.cnpjTaken';
  });
  if (takenCodes.has(data.codigoPrincipal)) fields.codigoPrincipal = 'organisation.codeTaken';
  data.codigosAdicionais.forEach((c, i) => {
    if (takenCodes.has(c)) fields[`codigosAdicionais.${i}`] = 'organisation.codeTaken';
  });

  if (!(await existingDealerGroupIds(tx, [data.grupoId])).length) fields.grupoId = 'validation.invalid';
  else if (data.active && !(await activeDealerGroupIds(tx, [data.grupoId])).length)
    fields.grupoId = 'dealers.groupInactive';
  if ((await activeBrandIds(tx, data.marcaIds)).length !== data.marcaIds.length) fields.marcaIds = 'validation.invalid';
  if ((await existingProductIds(tx, data.produtoIds)).length !== data.produtoIds.length)
    fields.produtoIds = 'validation.invalid';
  if (data.dadosComplementares.length) {
    const offered = new Map((await complementaryDataOptions(tx)).map((d) => [d.id, d.produtoId]));
    data.dadosComplementares.forEach((d, i) => {
      const produtoId = offered.get(d.dadoComplementarId);
      if (produtoId === undefined || (produtoId !== null && !data.produtoIds.includes(produtoId)))
        fields[`dadosComplementares.${i}.dadoComplementarId`] = 'validation.invalid';
    });
  }
  return fields;
}

/** Replaces a dealer's brands, products and complementary data with the given ones. */
async function writeDealerLinks(tx: Tx, dealerId: string, data: DealerData) {
  await tx.delete(dealerMarca).where(eq(dealerMarca.dealerId, dealerId));
  await tx.delete(dealerProduto).where(eq(dealerProduto.dealerId, dealerId));
  await tx.delete(dealerDadoComplementar).where(eq(dealerDadoComplementar.dealerId, dealerId));
  if (data.marcaIds.length)
    await tx.insert(dealerMarca).values(data.marcaIds.map((marcaId) => ({ dealerId, marcaId })));
  if (data.produtoIds.length)
    await tx.insert(dealerProduto).values(data.produtoIds.map((produtoId) => ({ dealerId, produtoId })));
  if (data.dadosComplementares.length)
    await tx.insert(dealerDadoComplementar).values(data.dadosComplementares.map((d) => ({ dealerId, ...d })));
}

/** The dealer's own columns of the validated input. */
function dealerColumns(data: DealerData) {
  const { marcaIds: _m, produtoIds: _p, dadosComplementares: _d, ...row } = data;
  return { ...row, contatos: row.contatos.map((c) => ({ ...c })) };
}

/**
 * Creates a dealer (`PORTAL_MANUTENCAO_DEALERS_GRUPO`, or the system; docs/domains/organisation.md): its CNPJs (main and
 * additional) and codes (main and additional) must belong to no other dealer, in either role; its
 * dealer group, brands and products must exist. Each failure is BAD_USER_INPUT on its field. Audited;
 * returns the id.
 */
export async function createDealer(ctx: ActionContext, input: DealerInput): Promise<{ id: string }> {
  const data = parseInput(dealerSchema, input);
  requireAllowed(ctx, MAINTAIN);
  return inTransaction(ctx, async (tx) => {
    const fields = await dealerProblems(tx, data, null);
    if (Object.keys(fields).length) throw badInput(fields, Object.values(fields)[0]);
    const [created] = await tx.insert(dealer).values(dealerColumns(data)).returning({ id: dealer.id });
    await writeDealerLinks(tx, created.id, data);
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'dealer',
      entityId: created.id,
      action: 'criar',
      after: data,
    });
    return { id: created.id };
  });
}

/** A dealer's columns and links as the audit row keeps them. */
async function dealerSnapshot(tx: Tx, id: string) {
  const [found] = await tx.select().from(dealer).where(eq(dealer.id, id)).for('update');
  if (!found) return null;
  // The stored search columns are derived from the names: not part of what the audit keeps.
  const { nomeBusca: _nomeBusca, nomeExibicaoBusca: _nomeExibicaoBusca, ...row } = found;
  // One after the other: a transaction is one connection, which runs one statement at a time.
  const marcas = await tx.select({ id: dealerMarca.marcaId }).from(dealerMarca).where(eq(dealerMarca.dealerId, id));
  const produtos = await tx
    .select({ id: dealerProduto.produtoId })
    .from(dealerProduto)
    .where(eq(dealerProduto.dealerId, id));
  const dados = await tx
    .select({ dadoComplementarId: dealerDadoComplementar.dadoComplementarId, valor: dealerDadoComplementar.valor })
    .from(dealerDadoComplementar)
    .where(eq(dealerDadoComplementar.dealerId, id));
  return {
    ...row,
    marcaIds: marcas.map((m) => m.id),
    produtoIds: produtos.map((p) => p.id),
    dadosComplementares: dados,
  };
}

/**
 * Saves the dealer wizard (`salvarDealer`): creates it without `id` (`createDealer`), else edits it
 * with the same rules, its own CNPJs and codes not counting as taken (docs/domains/organisation.md#editing-a-dealer).
 * Its brands, products and complementary data are replaced by the given ones; its status stays unless
 * `active` is given. Audited (`editar`, before
 * and after); an unknown id is NOT_FOUND. Returns the id.
 */
export async function salvarDealer(
  ctx: ActionContext,
  input: { id?: string | null; dealer: DealerInput },
): Promise<{ id: string }> {
  if (!input.id) return createDealer(ctx, input.dealer);
  const data = parseInput(dealerUpdateSchema, { ...input.dealer, id: input.id } satisfies DealerUpdateInput, 'dealer');
  requireAllowed(ctx, MAINTAIN);
  return inTransaction(ctx, async (tx) => {
    const before = await dealerSnapshot(tx, data.id);
    if (!before) throw notFound();
    const { id, ...parsed } = data;
    // Saving the wizard keeps the dealer's status unless the input says otherwise (ativar/inativarDealer change it).
    const rest = { ...parsed, active: input.dealer.active ?? before.active };
    const fields = await dealerProblems(tx, rest, id);
    if (Object.keys(fields).length) throw badInput(fields, Object.values(fields)[0]);
    await tx.update(dealer).set(dealerColumns(rest)).where(eq(dealer.id, id));
    await writeDealerLinks(tx, id, rest);
    const { createdAt: _c, id: _i, ...kept } = before;
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'dealer',
      entityId: id,
      action: 'editar',
      before: kept,
      after: rest,
    });
    return { id };
  });
}

/**
 * Activates or inactivates a dealer (`ativarDealer`/`inativarDealer`). A dealer of an inactive dealer
 * group cannot be activated (`organisation.groupInactive`). Inactivating changes the dealer only: its
 * users keep their state. Audited when it changes; NOT_FOUND for an unknown id.
 */
export async function alterarStatusDealer(ctx: ActionContext, input: { id: string; active: boolean }): Promise<string> {
  requireAllowed(ctx, MAINTAIN);
  if (!isUuid(input.id)) throw notFound();
  await inTransaction(ctx, async (tx) => {
    const [before] = await tx.select().from(dealer).where(eq(dealer.id, input.id)).for('update');
    if (!before) throw notFound();
    if (before.active === input.active) return;
    if (input.active && !(await activeDealerGroupIds(tx, [before.grupoId])).length)
      throw badInput({ grupoId: 'dealers.groupInactive' }, 'dealers.groupInactive');
    await tx.update(dealer).set({ active: input.active }).where(eq(dealer.id, input.id));
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'dealer',
      entityId: input.id,
      action: input.active ? 'ativar' : 'inativar',
      before: { active: before.active },
      after: { active: input.active },
    });
  });
  return input.id;
}

/**
 * Inactivates the active dealers of a dealer group: the dealers' part of the group inactivation
 * cascade (docs/domains/organisation.md), called by the groups module inside its transaction. Each dealer gets an audit
 * row; returns their ids (the users' part follows them).
 */
export async function inactivateDealersOfGroup(ctx: ActionContext, input: { grupoId: string }): Promise<string[]> {
  requireAllowed(ctx, MAINTAIN);
  return inTransaction(ctx, async (tx) => {
    const dealers = await tx
      .update(dealer)
      .set({ active: false })
      .where(and(eq(dealer.grupoId, input.grupoId), eq(dealer.active, true)))
      .returning({ id: dealer.id });
    const ids = dealers.map((d) => d.id);
    await recordAuditForEach(
      tx,
      { actorId: actorId(ctx), entity: 'dealer', action: 'inativar', after: { active: false } },
      ids,
    );
    return ids;
  });
}

/**
 * The dealers' part of `sincronizarGrupos` (docs/domains/superadmin.md#synchronisation): an active dealer
 * of an inactive dealer group is inactivated, the state `alterarStatusDealer` and the group inactivation
 * keep (a load by SQL may not). Audited `sincronizar` per dealer; answers how many.
 */
export async function inactivateDealersOfInactiveGroups(ctx: ActionContext): Promise<number> {
  requireAllowed(ctx, { types: ['TECSINAPSE'] });
  return inTransaction(ctx, async (tx) => {
    const changed = (
      await tx.execute(sql`UPDATE dealer SET active = false
        WHERE active AND grupo_id IN (SELECT g.id FROM (${dealerGroupStatusSql}) g WHERE NOT g.active)
        RETURNING id`)
    ).rows as { id: string }[];
    await recordAuditForEach(
      tx,
      {
        actorId: actorId(ctx),
        entity: 'dealer',
        action: 'sincronizar',
        before: { active: true },
        after: { active: false },
      },
      changed.map((d) => d.id),
    );
    return changed.length;
  });
}

/**
 * `sincronizarDealers` (superAdmin, docs/domains/superadmin.md#synchronisation): no dealer sells an inactive brand,
 * the state `inativarMarca` leaves and the dealer form keeps (a load by SQL may not). Each such link is removed,
 * with an audit row `sincronizar` per dealer naming the brands it lost. Nothing else moves: a dealer left without
 * brands stays as it is (the brand cascade inactivates only at the brand's inactivation, with its confirmation).
 */
export async function unlinkInactiveBrands(ctx: ActionContext): Promise<SyncChange[]> {
  requireAllowed(ctx, { types: ['TECSINAPSE'] });
  return inTransaction(ctx, async (tx) => {
    await lockSynchronisation(tx);
    const removed = (
      await tx.execute(sql`DELETE FROM dealer_marca dm USING marca m
        WHERE m.id = dm.marca_id AND NOT m.active RETURNING dm.dealer_id, dm.marca_id`)
    ).rows as { dealer_id: string; marca_id: string }[];
    const byDealer = new Map<string, string[]>();
    for (const r of removed) byDealer.set(r.dealer_id, [...(byDealer.get(r.dealer_id) ?? []), r.marca_id]);
    await recordAudits(
      tx,
      [...byDealer].map(([id, marcaIds]) => ({
        actorId: actorId(ctx),
        entity: 'dealer' as const,
        entityId: id,
        action: 'sincronizar' as const,
        before: { marcaIds },
        after: { marcaIds: [] },
      })),
    );
    return [{ tipo: 'marcasDesvinculadas', quantidade: removed.length }];
  });
}

/**
 * Creates (no `id`) or renames a brand (`salvarMarca`). The description is unique ignoring case and
 * accents (`organisation.nameTaken` on `descricao`). Audited; NOT_FOUND for an unknown id. Returns the id.
 */
export async function salvarMarca(
  ctx: ActionContext,
  input: { id?: string | null; marca: BrandInput },
): Promise<{ id: string }> {
  const data = parseInput(brandSchema, input.marca, 'marca');
  requireAllowed(ctx, MAINTAIN);
  if (input.id && !isUuid(input.id)) throw notFound();
  const saved = await inTransaction(ctx, async (tx) => {
    const [before] = input.id ? await tx.select().from(marca).where(eq(marca.id, input.id)).for('update') : [];
    if (input.id && !before) throw notFound();
    const [taken] = await tx
      .select({ id: marca.id })
      .from(marca)
      .where(
        and(
          sql`immutable_unaccent(lower(${marca.descricao})) = immutable_unaccent(lower(${data.descricao}))`,
          before ? ne(marca.id, before.id) : undefined,
        ),
      );
    if (taken) throw badInput({ descricao: 'organisation.nameTaken' }, 'organisation.nameTaken');
    const [after] = before
      ? await tx.update(marca).set(data).where(eq(marca.id, before.id)).returning()
      : await tx.insert(marca).values(data).returning();
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'marca',
      entityId: after.id,
      action: before ? 'editar' : 'criar',
      before: before ? { descricao: before.descricao } : undefined,
      after: { descricao: after.descricao },
    });
    return { id: after.id };
  });
  // A renamed brand: this instance names it anew at once, the others within the cache's TTL.
  ctx.cache.invalidate(BRANDS_CACHE_KEY);
  return saved;
}

/**
 * Activates a brand (`ativarMarca`). It restores nothing: the dealers it was unlinked from when
 * inactivated stay unlinked and inactive. Audited when it changes; NOT_FOUND for an unknown id.
 */
export async function ativarMarca(ctx: ActionContext, input: { id: string }): Promise<string> {
  requireAllowed(ctx, MAINTAIN);
  if (!isUuid(input.id)) throw notFound();
  await inTransaction(ctx, async (tx) => {
    const [before] = await tx.select().from(marca).where(eq(marca.id, input.id)).for('update');
    if (!before) throw notFound();
    if (before.active) return;
    await tx.update(marca).set({ active: true }).where(eq(marca.id, input.id));
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'marca',
      entityId: input.id,
      action: 'ativar',
      before: { active: false },
      after: { active: true },
    });
  });
  return input.id;
}

/**
 * Inactivates a brand (`inativarMarca`, docs/domains/organisation.md#inactivating-a-brand), in one
 * transaction: the brand, its unlinking from every dealer that sold it (an audit row per dealer,
 * `editar` with the brand removed), and the inactivation of those dealers that were active and sold no other brand
 * (`inativar`). The counts are those `brandInactivationImpact` gave the confirmation. NOT_FOUND for
 * an unknown id.
 */
export async function inativarMarca(
  ctx: ActionContext,
  input: { id: string },
): Promise<{ id: string; dealersDesvinculados: number; dealersInativados: number }> {
  requireAllowed(ctx, MAINTAIN);
  if (!isUuid(input.id)) throw notFound();
  return inTransaction(ctx, async (tx) => {
    const [before] = await tx.select().from(marca).where(eq(marca.id, input.id)).for('update');
    if (!before) throw notFound();
    const impact = await brandInactivationImpact(tx, input.id);
    if (before.active) {
      await tx.update(marca).set({ active: false }).where(eq(marca.id, input.id));
      await recordAudit(tx, {
        actorId: actorId(ctx),
        entity: 'marca',
        entityId: input.id,
        action: 'inativar',
        before: { active: true },
        after: {
          active: false,
          dealersDesvinculados: impact.unlinked.length,
          dealersInativados: impact.inactivated.length,
        },
      });
    }
    if (impact.unlinked.length) await tx.delete(dealerMarca).where(eq(dealerMarca.marcaId, input.id));
    const audit = { actorId: actorId(ctx), entity: 'dealer' } as const;
    await recordAuditForEach(
      tx,
      {
        ...audit,
        action: 'editar',
        before: { marcaIds: [input.id] },
        after: { marcaIds: [], marcaInativada: input.id },
      },
      impact.unlinked,
    );
    if (impact.inactivated.length) {
      await tx.update(dealer).set({ active: false }).where(inArray(dealer.id, impact.inactivated));
      await recordAuditForEach(
        tx,
        { ...audit, action: 'inativar', before: { active: true }, after: { active: false, marcaInativada: input.id } },
        impact.inactivated,
      );
    }
    return { id: input.id, dealersDesvinculados: impact.unlinked.length, dealersInativados: impact.inactivated.length };
  });
}

/**
 * Moves dealers of one dealer group to another: the dealers' part of `importarGrupoUsuarios`
 * (superAdmin migration, docs/domains/superadmin.md#migration), called by the groups module inside its
 * transaction. `dealerIds` empty moves every dealer of the origin (a merge); otherwise each must be
 * a dealer of the origin, else BAD_USER_INPUT on `idsDealers`. Each moved dealer gets an audit row
 * `mover` with the group names before and after (its history shows the move). Returns their ids.
 */
export async function moveDealersToGroup(
  ctx: ActionContext,
  input: {
    origem: { id: string; nome: string };
    destino: { id: string; nome: string };
    dealerIds: readonly string[];
  },
): Promise<string[]> {
  requireAllowed(ctx, { types: ['TECSINAPSE'] });
  return inTransaction(ctx, async (tx) => {
    const where = input.dealerIds.length
      ? and(eq(dealer.grupoId, input.origem.id), inArray(dealer.id, [...input.dealerIds]))
      : eq(dealer.grupoId, input.origem.id);
    const moved = await tx.update(dealer).set({ grupoId: input.destino.id }).where(where).returning({ id: dealer.id });
    if (input.dealerIds.length && moved.length !== new Set(input.dealerIds).size) {
      throw badInput({ idsDealers: 'superAdmin.migration.notInOrigin' }, 'superAdmin.migration.notInOrigin');
    }
    const ids = moved.map((d) => d.id);
    await recordAuditForEach(
      tx,
      {
        actorId: actorId(ctx),
        entity: 'dealer',
        action: 'mover',
        before: { grupo: input.origem.nome },
        after: { grupo: input.destino.nome },
      },
      ids,
    );
    return ids;
  });
}
